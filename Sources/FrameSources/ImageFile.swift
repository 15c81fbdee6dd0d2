// TEMPORARY until the media branch lands.
public import BarcodeTracking
public enum ImageFile { public static func load(path: String) throws(SourceError) -> LumaImage { throw SourceError(.invalidArgument, "not yet") } }
