import SyntheticScenes

extension BenchStation {
    /// Each pallet's longest stand: the frames in a row on which the pallet's labels in view are all
    /// where they were on the frame before (within a tenth of a pixel), by the scene's truth.
    struct StandTracker {
        /// The longest stand so far of each pallet (frame numbers).
        private(set) var longest: [Int: ClosedRange<Int>] = [:]
        private var current: [Int: ClosedRange<Int>] = [:]

        mutating func note(frame number: Int, truth: GroundTruthFrame, after previous: GroundTruthFrame?, palletOf: [Int: Int]) {
            let before = Dictionary((previous?.codes ?? []).map { ($0.instance, $0.location.center) }, uniquingKeysWith: { a, _ in a })
            var visible: [Int: Bool] = [:]
            for code in truth.codes where code.visibility > 0 {
                guard let pallet = palletOf[code.instance] else { continue }
                let still = before[code.instance].map { $0.distance(to: code.location.center) < 0.1 } ?? false
                visible[pallet] = (visible[pallet] ?? true) && still
            }
            for (pallet, still) in visible where still {
                let run = current[pallet].map { $0.upperBound == number - 1 ? $0.lowerBound...number : number...number } ?? number...number
                current[pallet] = run
                if run.count > (longest[pallet]?.count ?? 0) { longest[pallet] = run }
            }
        }
    }
}
