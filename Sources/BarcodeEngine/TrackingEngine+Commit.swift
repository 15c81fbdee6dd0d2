import BarcodeDecoding
import BarcodeTracking

extension TrackingEngine {
    /// Writes what the frame of `plan` leaves for the next ones (`merged`) into the state, in
    /// one lock: the reads carried over, the whole-frame search's cost, the tracks' memory, the
    /// short and 1-D codes read, the next frame's code-likeness map and the discovery schedule.
    func commit(_ merged: MergedFrame, of plan: FramePlan) {
        let schedule = plan.schedule
        let cost = (ContinuousClock.now - schedule.frameStart).inSeconds
        let (time, frameIndex) = (schedule.time, schedule.frameIndex)
        state.withLock { state in
            state.late.reads = merged.lateWaiting + merged.carried
            state.late.carried += merged.carried.count
            if schedule.searchAll, merged.carried.isEmpty, configuration.frameTimeBudget != nil {
                state.pace.recordWholeFrameCost(cost)
            }
            state.memory = merged.memory
            Self.confirm(merged.detections, at: time, in: &state.linear)
            if merged.detections.contains(where: { $0.barcode.map { $0.symbology.isLinear && !$0.symbology.isAddOn } == true }) {
                state.linear.lastMeasured = time
            }
            if let next = schedule.ahead.mapNext, let nextMap = merged.nextMap {
                state.lookahead.nextMap = (next.number, next.time, nextMap)
            }
            // New codes after the opening view: codes are arriving, keep searching eagerly.
            if merged.foundNew, frameIndex > 1 { state.pace.schedule.foundNewCode(at: frameIndex) }
        }
    }
}
