import Foundation
import TestSupport
import Testing

/// Real output of `track` checked against docs/output-contract.schema.json, the contract's machine-readable form.
struct OutputSchemaTests {
    static func schema() throws -> JSONSchema {
        try JSONSchema(contentsOf: SharedData.packageRoot.appendingPathComponent("docs/output-contract.schema.json"))
    }

    /// Every line of `run`'s standard output checked; returns the `type` of each line.
    static func expectValid(_ run: TrackProcess.Outcome, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let schema = try schema()
        var types: [String] = []
        for (index, line) in run.lines.enumerated() {
            let value = try JSON.parse(line)
            if case .string(let type)? = value["type"] { types.append(type) }
            let problems = schema.violations(of: value)
            #expect(problems.isEmpty, "line \(index + 1): \(problems.joined(separator: "; "))\n\(line)", sourceLocation: sourceLocation)
        }
        return types
    }

    @Test("Every line of track --demo --format jsonl, overlays included, matches the schema")
    func demoRunMatchesTheSchema() throws {
        let run = try TrackProcess.run(
            [
                "--demo", "--size", "640x360", "--frames", "60", "--format", "jsonl",
                "--overlay", "anchor=topCenter,expiry=0.5",
            ], timeout: 600)
        #expect(run.status == 0, "\(run.stderr)")
        let types = Set(try Self.expectValid(run))
        #expect(types.isSuperset(of: ["frame", "appeared", "recognized", "overlay", "summary"]), "\(types)")
    }

    @Test("Every line of a track station run with a manifest, pallet lines included, matches the schema")
    func stationRunMatchesTheSchema() throws {
        try TemporaryFiles.withDirectory { folder in
            let manifest = folder.appendingPathComponent("asn.csv")
            try "payload,quantity\nNEVER-SHIPPED,2\n".write(to: manifest, atomically: true, encoding: .utf8)
            let run = try TrackProcess.run(
                ["station"] + StationCommandTests.scene
                    + [
                        "--frames", "320", "--expect", "3", "--manifest", manifest.path,
                        "--state", folder.appendingPathComponent("s.json").path, "--format", "jsonl",
                    ],
                timeout: 600)
            #expect(run.status == 0, "\(run.stderr)")
            let types = try Self.expectValid(run)
            #expect(types.filter { $0 == "pallet" }.count >= 2, "\(types)")
            #expect(types.last == "summary")
        }
    }

    @Test("The schema refuses a line that breaks the contract: a missing member, an unknown one, a wrong type")
    func schemaRefusesBrokenLines() throws {
        let schema = try Self.schema()
        let good = #"{"type":"lost","id":3,"frame":12,"time":0.4}"#
        #expect(schema.violations(of: try JSON.parse(good)).isEmpty)
        for bad in [
            #"{"type":"lost","id":3,"frame":12}"#, #"{"type":"lost","id":3,"frame":12,"time":0.4,"extra":1}"#,
            #"{"type":"lost","id":"3","frame":12,"time":0.4}"#, #"{"type":"nonsense"}"#,
            #"{"type":"frame","frame":1,"time":0,"tracks":[{"id":1,"quad":[[0,0]],"predicted":[],"dt":0,"stable":true,"state":"tracked","rejected":false}]}"#,
        ] {
            #expect(!schema.violations(of: try JSON.parse(bad)).isEmpty, "\(bad)")
        }
    }
}
