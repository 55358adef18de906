import Foundation
import Testing

/// `howdy balance --jsonl` sharded with GNU parallel, as the README shows: the joined
/// answers must equal one run's (setup.sh installs `parallel`).
@Suite("howdy balance --jsonl under parallel --pipe")
struct ParallelPipeTests {
    func shell(_ command: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("shards joined in order, or by id, equal one run")
    func shardsJoin() throws {
        let howdy = try #require(howdyExecutable(), "build howdy first")
        let parallel = try shell("command -v parallel")
        try #require(parallel.status == 0, "GNU parallel is missing: run scripts/setup.sh")
        let folder = try Scratch()
        defer { folder.cleanup() }
        var lines: [String] = []
        for index in 0..<400 {
            lines.append(
                #"{"id":\#(index),"text":"Plan \#(index) and get reminders for every day","width":\#(150 + index % 90)}"#
            )
        }
        try folder.write("in.jsonl", lines.joined(separator: "\n") + "\n")
        let input = folder.path("in.jsonl")
        let flags = "balance --jsonl --font Inter-Bold --size 20"
        let one = try shell("'\(howdy.path)' \(flags) < '\(input)'")
        let ordered = try shell("parallel --will-cite --pipe --keep-order -N 37 '\(howdy.path)' \(flags) < '\(input)'")
        let unordered = try shell("parallel --will-cite --pipe -N 50 -j 3 '\(howdy.path)' \(flags) < '\(input)'")
        #expect(one.status == 0 && ordered.status == 0 && unordered.status == 0)
        #expect(one.output.split(separator: "\n").count == 400)
        #expect(ordered.output == one.output)
        func byID(_ text: String) -> [String] {
            text.split(separator: "\n").map(String.init).sorted { left, right in
                func id(_ line: String) -> Int {
                    Int(line.dropFirst(6).prefix { $0.isNumber }) ?? -1
                }
                return id(left) < id(right)
            }
        }
        #expect(byID(unordered.output) == one.output.split(separator: "\n").map(String.init))
    }
}
