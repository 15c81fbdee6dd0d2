import BarcodeTracking
import PalletStation
import Testing

struct GS1KeyTests {
    @Test func anSSCCWithOrWithoutItsAIAndParenthesesIsOneKey() {
        let keys = ["(00)340123450000000016", "00340123450000000016", "340123450000000016", " 340123450000000016 "]
            .map { GS1Key(payload: $0) }
        #expect(Set(keys).count == 1)
        #expect(keys[0].kind == .sscc)
        #expect(keys[0].value == "340123450000000016")
    }

    @Test func aGTINInAnyLengthOrWithItsAIIsOneGTIN14() {
        let keys = ["4006381333931", "04006381333931", "(01)04006381333931", "0104006381333931"].map { GS1Key(payload: $0) }
        #expect(Set(keys).count == 1)
        #expect(keys[0] == GS1Key(payload: "04006381333931"))
        #expect(keys[0].kind == .gtin)
        #expect(GS1Key(payload: "036000291452") == GS1Key(payload: "0036000291452"), "a UPC-A is its EAN-13 with a leading 0")
        #expect(GS1Key(payload: "96385074").value == "00000096385074", "an EAN-8 pads to 14 digits")
    }

    @Test func aUPCEIsKeyedByItsExpandedForm() {
        let square = Quadrilateral(Rect(x: 0, y: 0, width: 10, height: 10))
        let upce = Barcode(symbology: .upcE, data: "04252614", bytes: Array("04252614".utf8),
                           extendedData: "0042100005264", location: square)
        #expect(GS1Key(barcode: upce) == GS1Key(payload: "042100005264"))
    }

    @Test func otherPayloadsMatchAsWrittenAndDifferentOnesDiffer() {
        #expect(GS1Key(payload: "WH-0042").kind == .text)
        #expect(GS1Key(payload: " WH-0042") == GS1Key(payload: "WH-0042"))
        #expect(GS1Key(payload: "WH-0042") != GS1Key(payload: "wh-0042"))
        #expect(GS1Key(payload: "(10)ABC").kind == .text, "a lot number is no identification key")
        #expect(GS1Key(payload: "12345").kind == .text, "five digits are no GTIN")
    }
}
