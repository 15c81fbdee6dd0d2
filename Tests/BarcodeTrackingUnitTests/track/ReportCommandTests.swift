import PalletDelivery
import Testing

@testable import track

struct ReportCommandTests {
    static let summaries = [
        ShiftSummary(
            station: "dock-3", shiftStart: "2026-12-06 08:00", shift: 2, pallets: 12, complete: 10, short: 1, over: 1,
            manifestDiscrepancies: 2, codes: 480, codesPerHour: 60),
        ShiftSummary(
            station: "dock-12", shiftStart: "2026-12-06 16:00", shift: 3, pallets: 3, complete: 3, short: 0, over: 0,
            manifestDiscrepancies: 0, codes: 75, codesPerHour: 9.4),
    ]

    @Test func theTableHasAHeaderAndOneAlignedLinePerShift() {
        let lines = ReportCommand.table(Self.summaries).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("station  shift start       shift  pallets"))
        #expect(lines[1].hasPrefix("dock-3   2026-12-06 08:00      2       12"))
        #expect(lines[2].hasSuffix("   9.4"))
        #expect(Set(lines.map(\.count)).count == 1, "every line as wide as the header")
    }

    @Test func noShiftsSaySo() {
        #expect(ReportCommand.table([]) == "no pallets in these days")
    }

    @Test func aJSONLineCarriesEveryField() {
        #expect(
            ReportCommand.jsonLine(Self.summaries[1])
                == "{\"station\":\"dock-12\",\"shiftStart\":\"2026-12-06 16:00\",\"shift\":3,\"pallets\":3,\"complete\":3,\"short\":0,"
                + "\"over\":0,\"manifestDiscrepancies\":0,\"codes\":75,\"codesPerHour\":9.4}")
    }
}
