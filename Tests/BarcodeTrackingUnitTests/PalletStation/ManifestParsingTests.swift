import BarcodeTracking
import PalletStation
import Testing
import TestSupport

struct ManifestParsingTests {
    @Test func aCSVWithAHeaderGivesItsEntriesWithQuotedFieldsAndRepeatedLinesSummed() throws {
        let text = "Barcode,Qty,Type,Description\n" + "4006381333931,2,ean13,\"Soap, 12 bars\"\n"
            + "\"WH-\"\"7\"\"\",1,code128,label\n" + "4006381333931,1,,again\n\n"
        let manifest = try Manifest(parsing: text)
        #expect(manifest.entries.count == 3)
        #expect(manifest.entries[0] == Manifest.Entry(payload: "4006381333931", symbology: .ean13, quantity: 2))
        #expect(manifest.entries[1] == Manifest.Entry(payload: "WH-\"7\"", symbology: .code128, quantity: 1))
        #expect(manifest.entries[2].quantity == 1 && manifest.entries[2].symbology == nil)
        #expect(!manifest.namesPallets)
    }

    @Test func jsonLinesGiveTheSameEntriesAndPalletReferencesInOrder() throws {
        let manifest = try Manifest(parsing: """
            {"payload":"4006381333931","quantity":2,"pallet":"P2"}
            {"payload":"(00)340123450000000016","pallet":"P1"}
            {"payload":"4006381333931","pallet":"P2"}
            """)
        #expect(manifest.entries.count == 2)
        #expect(manifest.entries[0].quantity == 3)
        #expect(manifest.namesPallets)
        #expect(manifest.palletReferences == ["P2", "P1"])
    }

    @Test(arguments: [
        ("payload,symbology\n123,ean99\n", "line 2: unknown symbology 'ean99'"),
        ("payload,quantity\n123,1\n456,0\n", "line 3: quantity '0'"),
        ("payload,quantity\n123,two\n", "line 2: quantity 'two'"),
        ("name,quantity\n123,1\n", "line 1: the header names no payload column"),
        ("payload\n\"open\n", "line 2: a quoted field is not closed"),
        ("payload,pallet\n123,P1\n456,\n", "line 3: no pallet, while the first line names one"),
        ("payload,quantity\n,3\n", "line 2: no payload"),
        ("{\"payload\":\"1\"}\nnot json\n", "line 2: not a JSON object"),
        ("\n\n", "it is empty"),
    ])
    func aBadManifestIsRefusedNamingTheLine(text: String, expected: String) {
        #expect {
            try Manifest(parsing: text)
        } throws: { error in
            let message = (error as? StationError)?.message ?? ""
            return (error as? StationError)?.code == .badManifest && message.contains(expected)
        }
    }

    @Test func aManifestFileThatIsNotUTF8OrMissingIsRefusedNamingThePath() throws {
        #expect(throws: StationError.self) { try Manifest(contentsOf: "/nonexistent/manifest.csv") }
        do {
            _ = try Manifest(contentsOf: "/nonexistent/manifest.csv")
        } catch let error as StationError {
            #expect(error.message.contains("/nonexistent/manifest.csv"))
            #expect(error.path == "/nonexistent/manifest.csv")
        }
        _ = try TemporaryFiles.withFile([0x70, 0x61, 0x79, 0x0A, 0xFF, 0xFE, 0x0A], named: "latin.csv") { path in
            #expect {
                try Manifest(contentsOf: path)
            } throws: { error in
                (error as? StationError)?.message.contains("\(path) is not UTF-8") == true
            }
        }
    }
}
