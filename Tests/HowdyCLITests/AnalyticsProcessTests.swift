import Foundation
import Testing

/// `howdy flow record --analytics` from several processes at once.
@Suite("Analytics appends across processes", .serialized)
struct AnalyticsProcessTests {
    @Test("eight processes recording at once: one answered line each, one finished, and it comes last")
    func concurrentRecords() throws {
        let executable = try #require(howdyExecutable(), "build the howdy product first (swift build --build-tests)")
        let scratch = try Scratch(preferMemory: true)
        defer { scratch.cleanup() }
        let ids = (0..<8).map { "app.s\($0)" }
        let steps = ids.map { #"{ "id": "\#($0)", "kind": "feature", "key": "k\#($0.dropFirst(5))" }"# }
        try scratch.write("spec.json", #"{ "steps": [\#(steps.joined(separator: ", "))] }"#)
        let processes = try ids.map { id in
            let process = Process()
            process.executableURL = executable
            process.arguments = [
                "flow", "record", id, "true", "--analytics", scratch.path("events.jsonl"), "--store",
                scratch.path("store.json"), "--spec", scratch.path("spec.json"),
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let text = try String(contentsOfFile: scratch.path("events.jsonl"), encoding: .utf8)
        let events = try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(events.count == 9)
        let answered = events.filter { $0["event"] as? String == "answered" }
        #expect(Set(answered.compactMap { $0["step"] as? String }) == Set(ids))
        #expect(answered.allSatisfy { ($0["key"] as? String) == "k" + ($0["step"] as! String).dropFirst(5) })
        #expect(events.last?["event"] as? String == "finished", "the write that completed the flow appended last")
    }
}
