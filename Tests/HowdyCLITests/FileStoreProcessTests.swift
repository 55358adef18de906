import Foundation
import HowdyKit
import Testing

/// Durability and locking across real processes, using `howdy flow write-loop`, which
/// records `PREFIX.0`, `PREFIX.1`, ... one durable write each and prints each index once
/// its write returned (the acknowledgement).
@Suite("File store across processes", .serialized)
struct FileStoreProcessTests {
    func writeLoop(store: String, prefix: String, count: Int) throws -> (Process, Pipe) {
        let executable = try #require(howdyExecutable(), "build the howdy product first (swift build --build-tests)")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["flow", "write-loop", "--store", store, "--prefix", prefix, "--count", String(count)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, pipe)
    }

    /// The acknowledged indices in `text` (complete lines only).
    func acknowledged(_ text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { Int($0) }
    }

    @Test("kill -9 in the middle of a loop of writes: the file parses and holds every write that returned")
    func killNine() throws {
        let scratch = try Scratch()  // a real disk: this is about what survives
        defer { scratch.cleanup() }
        let store = scratch.path("store.json")
        var expected: Set<String> = []
        for (round, killAfter) in [5, 40, 90].enumerated() {
            let (process, pipe) = try writeLoop(store: store, prefix: "round\(round)", count: 1_000_000)
            var output = ""
            while acknowledged(output).count < killAfter {
                let data = pipe.fileHandleForReading.availableData
                if data.isEmpty { break }
                output += String(decoding: data, as: UTF8.self)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            // Lines already in the pipe were acknowledged before the kill too.
            output += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if !output.hasSuffix("\n"), let cut = output.lastIndex(of: "\n") { output = String(output[...cut]) }
            let acked = acknowledged(output)
            #expect(acked.count >= killAfter)
            expected.formUnion(acked.map { "round\(round).\($0)" })

            let contents = try FileOnboardingStorage(url: URL(fileURLWithPath: store)).load()  // parses
            let stored = Set(contents.records.keys.map(\.rawValue))
            #expect(expected.isSubset(of: stored), "lost: \(expected.subtracting(stored).sorted().prefix(5))")
            #expect(contents.problems.isEmpty)
        }
        // A temp file a killed writer left behind is replaced by the next write, not accumulated.
        try FileOnboardingStorage(url: URL(fileURLWithPath: store)).write(true, for: "after")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == [
                "store.json", "store.json.lock",
            ])
    }

    @Test("two processes writing 1,000 records each leave 2,000")
    func twoWriters() throws {
        let scratch = try Scratch(preferMemory: true)  // about locking, not the disk: keep it fast
        defer { scratch.cleanup() }
        let store = scratch.path("store.json")
        let writers = try ["a", "b"].map { try writeLoop(store: store, prefix: $0, count: 1000) }
        for (process, pipe) in writers {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(acknowledged(output).count == 1000)
        }
        let contents = try FileOnboardingStorage(url: URL(fileURLWithPath: store)).load()
        #expect(contents.records.count == 2000)
        #expect(contents.records.values.allSatisfy { $0 })
        for prefix in ["a", "b"] {
            for index in [0, 499, 999] { #expect(contents.record(for: OnboardingStepID("\(prefix).\(index)")) == true) }
        }
    }
}
