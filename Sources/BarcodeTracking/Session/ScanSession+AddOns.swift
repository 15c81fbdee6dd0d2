extension ScanSession {
    /// Whether the verified EAN/UPC code `barcode` (of `track`) waits before it counts: an
    /// EAN-2/EAN-5 add-on read with it has a track of its own, measured in this frame, that is
    /// not verified yet and has not been measured in more frames than its verification window.
    /// The code then counts in the frame its add-on does, and both announce the link; an add-on
    /// that is not measured, or does not verify in time, is left out and the code counts without it.
    func awaitsAddOn(of track: TrackedBarcode, _ barcode: Barcode, in update: TrackerUpdate, state: State) -> Bool {
        guard barcode.symbology.carriesAddOns else { return false }
        return update.tracks.contains { addOn in
            guard let read = addOn.barcode, Self.isAddOn(read, at: addOn.location, of: barcode, at: track.location),
                  addOn.state == .tracked, !state.verified.contains(addOn.id) else { return false }
            return addOn.framesSeen <= configuration.verification(for: read).window
        }
    }

    /// `barcode` (the EAN/UPC code of `track`) linked to its verified add-on on its spot, if any,
    /// and to no add-on otherwise: an add-on counts only after its own N-of-M agreeing reads
    /// (``ScanSessionConfiguration/Verification``), like any code, not on the strength of the
    /// read that verified its main code (zxing-cpp 1.4 has read an EAN-2 beside an EAN-13 whose
    /// label carries an EAN-5).
    func linkingVerifiedAddOn(_ barcode: Barcode, of track: TrackedBarcode, in update: TrackerUpdate, state: State) -> Barcode {
        guard barcode.symbology.carriesAddOns else { return barcode }
        var linked = barcode
        linked.associatedCode = update.tracks.first { addOn in
            guard let read = addOn.barcode, state.verified.contains(addOn.id) else { return false }
            return Self.isAddOn(read, at: addOn.location, of: barcode, at: track.location)
        }.flatMap { addOn in addOn.barcode.flatMap { read in read.data.map { AssociatedCode(symbology: read.symbology, data: $0) } } }
        return linked
    }

    /// Whether `read` (at `location`) is an add-on read with `code` (at `codeLocation`): it names
    /// the code's payload as its main code and shares its spot.
    static func isAddOn(_ read: Barcode, at location: Quadrilateral, of code: Barcode, at codeLocation: Quadrilateral) -> Bool {
        guard read.symbology.isAddOn, let main = read.associatedCode, main.symbology == code.symbology,
              main.data == code.data else { return false }
        return location.isSameCode(as: codeLocation, partialRead: true)
    }
}
