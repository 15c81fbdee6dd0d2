import BarcodeTracking
import Foundation
import JSONLines

/// Writes MOTChallenge files that TrackEval and py-motmetrics read unchanged:
///
/// ```
/// DIR/seqmap.txt                          name, then one sequence per line (TrackEval SEQMAP_FILE)
/// DIR/gt/SEQ/gt/gt.txt                    frame,id,left,top,width,height,1,1,1 (frame pixels)
/// DIR/gt/SEQ/seqinfo.ini
/// DIR/trackers/engine/data/SEQ.txt        frame,id,left,top,width,height,1,-1,-1,-1
/// DIR/trackers/baseline/data/SEQ.txt
/// ```
enum BenchMOTWriter {
    static func write(_ outcomes: [BenchRunner.Outcome], to directory: String) throws {
        let root = URL(fileURLWithPath: directory)
        let manager = FileManager.default
        var names: [String] = []
        for outcome in outcomes {
            guard let engine = outcome.engine, let baseline = outcome.baseline else { continue }
            let r = outcome.result
            names.append(r.name)
            let sequence = root.appendingPathComponent("gt").appendingPathComponent(r.name)
            try manager.createDirectory(at: sequence.appendingPathComponent("gt"), withIntermediateDirectories: true)
            try lines(engine.truthBoxes, confidence: "1,1,1").write(to: sequence.appendingPathComponent("gt/gt.txt"))
            let ini = """
                [Sequence]
                name=\(r.name)
                imDir=img1
                frameRate=\(Int(outcome.frameRate.rounded()))
                seqLength=\(r.frames)
                imWidth=\(r.width)
                imHeight=\(r.height)
                imExt=.png

                """
            try Data(ini.utf8).write(to: sequence.appendingPathComponent("seqinfo.ini"))
            for (tracker, data) in [("engine", engine), ("baseline", baseline)] {
                let folder = root.appendingPathComponent("trackers/\(tracker)/data")
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                try lines(data.reportedBoxes, confidence: "1,-1,-1,-1").write(to: folder.appendingPathComponent("\(r.name).txt"))
            }
        }
        try Data((["name"] + names).map { $0 + "\n" }.joined().utf8).write(to: root.appendingPathComponent("seqmap.txt"))
    }

    private static func lines(_ frames: [[(id: Int, box: Rect)]], confidence: String) -> Data {
        var text = ""
        for (index, boxes) in frames.enumerated() {
            for (id, box) in boxes.sorted(by: { $0.id < $1.id }) {
                text += MOTChallengeLine.line(frame: index + 1, id: id, box: box).split(separator: ",").prefix(6).joined(separator: ",")
                text += "," + confidence + "\n"
            }
        }
        return Data(text.utf8)
    }
}
