import BarcodeTracking
import PalletStation
import Testing

struct ManifestCheckerTests {
    static func code(_ payload: String, _ symbology: Symbology = .code128) -> Barcode {
        Barcode(symbology: symbology, data: payload, bytes: Array(payload.utf8),
                location: Quadrilateral(Rect(x: 0, y: 0, width: 10, height: 10)))
    }

    @Test func withoutPalletsEachPalletIsCheckedAgainstWhatTheShiftHasNotYetSeen() throws {
        let manifest = try Manifest(entries: [
            .init(payload: "4006381333931", quantity: 2),
            .init(payload: "(00)340123450000000016"),
        ])
        var checker = ManifestChecker(manifest: manifest)
        let first = checker.check([Self.code("4006381333931", .ean13), Self.code("STRAY")])
        #expect(first.correct == [.init(payload: "4006381333931", symbology: nil, quantity: 1)])
        #expect(first.unexpected == [.init(payload: "STRAY", symbology: .code128, quantity: 1)])
        #expect(first.missing.map(\.quantity) == [1, 1])

        let second = checker.check([Self.code("04006381333931", .itf), Self.code("00340123450000000016"),
                                    Self.code("4006381333931", .ean13)])
        #expect(second.correct.map(\.quantity) == [1, 1])
        #expect(second.unexpected == [.init(payload: "4006381333931", symbology: .ean13, quantity: 1)],
                "a third label of a GTIN the manifest wants twice is one too many")
        #expect(second.missing.isEmpty)
        #expect(!second.isExact && checker.check([]).isExact)
    }

    @Test("A UPC-E matches an entry of its 8 printed digits as well as one of its expanded GTIN; an EAN-8 of those digits does not match the GTIN")
    func upcEMatchesItsPrintedDigits() throws {
        // The UPC-E 04963406 expands to the UPC-A 049634000006 (EAN-13 0049634000006).
        func upcE() -> Barcode {
            var code = Self.code("04963406", .upcE)
            code.extendedData = "0049634000006"
            return code
        }
        var checker = ManifestChecker(manifest: try Manifest(entries: [.init(payload: "04963406"), .init(payload: "00049634000006")]))
        let check = checker.check([upcE(), upcE(), Self.code("04963406", .ean8)])
        #expect(check.correct.map(\.payload) == ["04963406", "00049634000006"])
        #expect(check.unexpected == [.init(payload: "04963406", symbology: .ean8, quantity: 1)])
        var typed = ManifestChecker(manifest: try Manifest(entries: [.init(payload: "04963406", symbology: .upcE)]))
        #expect(typed.check([upcE()]).isExact)
        var otherSymbology = ManifestChecker(manifest: try Manifest(entries: [.init(payload: "04963406", symbology: .ean8)]))
        #expect(otherSymbology.check([upcE()]).unexpected.map(\.symbology) == [.upcE])
    }

    @Test func withPalletsAPalletIsCheckedAgainstTheReferenceItsSSCCNames() throws {
        let manifest = try Manifest(entries: [
            .init(payload: "4006381333931", quantity: 2, pallet: "340123450000000016"),
            .init(payload: "WH-1", pallet: "340123450000000016"),
            .init(payload: "4006381333931", pallet: "340123450000000023"),
        ])
        var checker = ManifestChecker(manifest: manifest)
        let check = checker.check([Self.code("00340123450000000016"), Self.code("4006381333931", .ean13)])
        #expect(check.reference == "340123450000000016")
        #expect(check.correct.map(\.payload) == ["340123450000000016", "4006381333931"],
                "the pallet's own SSCC label is correct without an entry")
        #expect(check.missing == [.init(payload: "4006381333931", symbology: nil, quantity: 1),
                                  .init(payload: "WH-1", symbology: nil, quantity: 1)])
        #expect(check.unexpected.isEmpty)
    }

    @Test func withPalletsAndNoSSCCThePalletWithTheMostCodesInCommonIsChosen() throws {
        let manifest = try Manifest(entries: [
            .init(payload: "A", pallet: "P1"),
            .init(payload: "B", pallet: "P2"),
            .init(payload: "C", pallet: "P2"),
        ])
        var checker = ManifestChecker(manifest: manifest)
        let check = checker.check([Self.code("B"), Self.code("C"), Self.code("A")])
        #expect(check.reference == "P2")
        #expect(check.unexpected.map(\.payload) == ["A"])
        let none = checker.check([Self.code("Z")])
        #expect(none.reference == nil)
        #expect(none.unexpected.map(\.payload) == ["Z"] && none.missing.isEmpty)
    }

    @Test func aTextPayloadMustBeReadInTheSymbologyTheManifestNames() throws {
        var checker = ManifestChecker(manifest: try Manifest(entries: [.init(payload: "WH-1", symbology: .code39)]))
        let check = checker.check([Self.code("WH-1", .code128)])
        #expect(check.correct.isEmpty)
        #expect(check.unexpected.map(\.symbology) == [.code128])
        #expect(check.missing.map(\.payload) == ["WH-1"])
    }
}
