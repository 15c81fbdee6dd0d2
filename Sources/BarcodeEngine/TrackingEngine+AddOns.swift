package import BarcodeTracking

/// EAN-2/EAN-5 add-ons in the windows of their EAN/UPC codes.
///
/// zxing-cpp reads an add-on only together with its code, in one read that reaches past the
/// code's right edge; a tracked EAN/UPC code is painted out of the whole-frame search, so that
/// search never reads its add-on again, and the code's own window ends a quarter of its size
/// past its edge, short of most of the add-on. A code still awaiting verification, and an
/// add-on's own track, are read in a window stretched over the add-on's place instead.
extension TrackingEngine {
    /// How far past an EAN/UPC code's right edge an add-on reaches, as a share of the code's
    /// width: a gap of 7 to 12 modules and the 47 modules of an EAN-5, beside the 95 of an
    /// EAN-13 or UPC-A (an EAN-8 or UPC-E is shorter, so its add-on reaches further: the
    /// window's own margin covers the rest).
    static let addOnReach = 0.7

    /// `quad` (frame pixels) stretched along its reading direction (its own top-left to
    /// top-right corner) by ``addOnReach`` of its width: where an add-on to its right lies.
    package static func withAddOnSpace(_ quad: Quadrilateral) -> Quadrilateral {
        let top = (quad.topRight - quad.topLeft) * addOnReach
        let bottom = (quad.bottomRight - quad.bottomLeft) * addOnReach
        return Quadrilateral(topLeft: quad.topLeft, topRight: quad.topRight + top,
                             bottomRight: quad.bottomRight + bottom, bottomLeft: quad.bottomLeft)
    }

    /// The add-on reads among `reads` (a window read of the EAN/UPC code `code`) that were read
    /// with that code: new measurements of its add-on, for a track of their own.
    static func addOnReads(in reads: [Detection], of code: Barcode) -> [Detection] {
        guard code.symbology.carriesAddOns else { return [] }
        return reads.filter { read in
            guard let barcode = read.barcode, barcode.symbology.isAddOn, let main = barcode.associatedCode else { return false }
            return main.symbology == code.symbology && main.data == code.data
        }
    }
}
