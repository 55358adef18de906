import Foundation
import HowdyCLI
import Testing

/// The repros of issue 11, each run against the built `howdy` as a user would.
@Suite("Reliability: hostile input and broken outputs", .serialized)
struct ReliabilityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let branded = root.appendingPathComponent("Examples/branded.json").path
    static let plain = root.appendingPathComponent("Examples/plain.json").path
    static let text = ["balance", "--font", "Inter-Bold", "--size", "28", "--width", "200"]

    func expectNoTrap(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            result.status != 132 && !result.err.contains("Fatal error"), "\(result.err)", sourceLocation: sourceLocation
        )
    }

    // MARK: 1. Numbers from input

    @Test("--width 1e19 and --line-height 1e19 with --out: exit 2 naming the valid range, no trap")
    func hugeWidthAndLineHeight() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        for extra in [["--width", "1e19"], ["--line-height", "1e19"]] {
            let result = try spawnHowdy(
                ["balance", "--font", "Inter-Bold", "--size", "28", "--width", "200"] + extra
                    + ["--out", scratch.path("o.png"), "hello"])
            expectNoTrap(result)
            #expect(result.status == 2)
            // HowdyText's ranges refuse these before any image is sized.
            #expect(result.err.contains("must be a finite number of px in"), "\(result.err)")
        }
        // Within HowdyText's range but too wide for an image: the image limit names itself.
        let wide = try spawnHowdy([
            "balance", "--font", "Inter-Bold", "--size", "28", "--width", "100000", "--out", scratch.path("o.png"),
            "hello",
        ])
        expectNoTrap(wide)
        #expect(wide.status == 2)
        #expect(wide.err.contains("at most 16384 px"), "\(wide.err)")
    }

    @Test("render --time 1e18 is refused as out of range, without a trap")
    func hugeTime() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let result = try spawnHowdy([
            "render", Self.branded, "--out", scratch.path("o"), "--device", "phone", "--scheme", "light", "--scale",
            "1", "--time", "1e18",
        ])
        expectNoTrap(result)
        #expect(result.status == 2, "\(result.err)")
        #expect(result.err.contains("--time"), "\(result.err)")
    }

    @Test("a spec with \"times\": [1e18] lints without a trap")
    func hugeSpecTime() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        var spec = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.branded)))
                as? [String: Any])
        spec["render"] = ["times": [1e18], "devices": ["phone"], "schemes": ["light"]]
        try JSONSerialization.data(withJSONObject: spec).write(to: scratch.url.appendingPathComponent("t.json"))
        let result = try spawnHowdy(["lint", scratch.path("t.json"), "--frames", "1"])
        expectNoTrap(result)
        #expect(result.status == 0 || result.status == 1, "\(result.err)")
        #expect(result.out.contains("texts checked") || result.out.contains("below"), "\(result.out)")
    }

    // MARK: 2. Failed writes

    @Test("balance >/dev/full and >&-: exit 2 with the reason on stderr")
    func fullAndClosedStandardOutput() throws {
        let full = try spawnHowdy(Self.text + ["hello"], redirections: ">/dev/full")
        expectNoTrap(full)
        #expect(full.status == 2)
        #expect(full.err.contains("cannot write to standard output: No space left on device"), "\(full.err)")
        let closed = try spawnHowdy(Self.text + ["hello"], redirections: ">&-")
        expectNoTrap(closed)
        #expect(closed.status == 2)
        #expect(closed.err.contains("cannot write to standard output: Bad file descriptor"), "\(closed.err)")
    }

    @Test("render 2>&-: the images are written, the lost progress makes the exit status 2")
    func closedStandardError() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let result = try spawnHowdy(
            [
                "render", Self.plain, "--out", scratch.path("o"), "--device", "phone", "--scheme", "light", "--scale",
                "1",
            ],
            redirections: "2>&-")
        expectNoTrap(result)
        #expect(result.status == 2)
        #expect(result.out.contains("wrote 3 images"), "\(result.out)")
        // The closed descriptor 2 was not reused for an output file.
        let index = try String(contentsOfFile: scratch.path("o/index.html"), encoding: .utf8)
        #expect(!index.contains("[1/3]"))
    }

    @Test("flow record >/dev/full: exit 2, and the record that was written stays written")
    func recordThenFullOutput() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        try scratch.write("spec.json", exampleSpec)
        let store = ["--store", scratch.path("store.json"), "--spec", scratch.path("spec.json")]
        let result = try spawnHowdy(
            ["flow", "record", "com.example.app.intro", "true"] + store, redirections: ">/dev/full")
        expectNoTrap(result)
        #expect(result.status == 2)
        #expect(result.err.contains("No space left on device"))
        let status = try spawnHowdy(["flow", "status"] + store)
        #expect(status.out.contains("com.example.app.intro    true"), "\(status.out)")
    }

    @Test("a pipe whose reader has gone: EPIPE is an error, not a signal or a trap")
    func closedPipe() throws {
        signal(SIGPIPE, SIG_IGN)
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        close(descriptors[0])
        defer { close(descriptors[1]) }
        let stream = StandardOutput(fileDescriptor: descriptors[1], name: "standard output")
        #expect(throws: StandardOutput.Failure(stream: "standard output", code: EPIPE)) { try stream.write("hello\n") }
        #expect(stream.failure?.description == "cannot write to standard output: Broken pipe")
        // Sticky: a later write fails too, so output never resumes after a gap.
        #expect(!stream.writeReportingFailure("more\n"))
    }

    // MARK: 4. Standard input limit

    @Test("balance refuses standard input over 4 MiB")
    func hugeStandardInput() throws {
        let result = try spawnHowdy(Self.text, input: Data(repeating: UInt8(ascii: "a"), count: 5 << 20))
        expectNoTrap(result)
        #expect(result.status == 2)
        #expect(result.err.contains("standard input is over the 4194304-byte limit"), "\(result.err)")
    }

    @Test("the limit applies as the input arrives: refused without waiting for the end of the stream")
    func refusedBeforeTheEnd() throws {
        signal(SIGPIPE, SIG_IGN)
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let done = Locked(false)
        // 5 MiB, then the pipe stays open: a reader that waited for the end would hang.
        Thread {
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            for _ in 0..<5 where write(writer.fileDescriptor, chunk, chunk.count) > 0 {}
            done.set(true)
        }.start()
        let io = CommandIO(
            standardInput: { pipe.fileHandleForReading }, write: { _ in }, writeError: { _ in })
        #expect(Howdy.main(Self.text, io: io) == 2)
        try pipe.fileHandleForReading.close()  // the writer's next write fails with EPIPE
        while !done.isSet { usleep(1000) }
        try writer.close()
    }

    // MARK: 7, 8. Decoded-pixel budget, diff output identity

    @Test("a 16000 × 16000 px app icon is refused from its header")
    func hugeIcon() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        try headerOnlyPNG(width: 16000, height: 16000).write(to: scratch.url.appendingPathComponent("big.png"))
        try scratch.write(
            "spec.json",
            #"{"welcome": {"id": "w", "title": "Hi", "appIcon": "big.png"}, "steps": [], "render": {"devices": ["phone"], "schemes": ["light"]}}"#
        )
        let result = try spawnHowdy(["render", scratch.path("spec.json"), "--out", scratch.path("o")])
        expectNoTrap(result)
        #expect(result.status == 2)
        #expect(result.err.contains("welcome.appIcon"), "\(result.err)")
        #expect(result.err.contains("over 1024 px"), "\(result.err)")
    }

    @Test("diff compares both headers first: size mismatch and the budget are reported without decoding")
    func diffHeadersFirst() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        try headerOnlyPNG(width: 16000, height: 16000).write(to: scratch.url.appendingPathComponent("big.png"))
        try headerOnlyPNG(width: 64, height: 64).write(to: scratch.url.appendingPathComponent("small.png"))
        let mismatch = try spawnHowdy(["diff", scratch.path("big.png"), scratch.path("small.png")])
        #expect(mismatch.status == 2)
        #expect(mismatch.err.contains("images differ in size"), "\(mismatch.err)")
        #expect(mismatch.err.contains("16000×16000 px") && mismatch.err.contains("64×64 px"))
        let huge = try spawnHowdy(["diff", scratch.path("big.png"), scratch.path("big.png")])
        #expect(huge.status == 2)
        #expect(huge.err.contains("budget for diff is 67108864 pixels"), "\(huge.err)")
    }

    @Test("diff a b --out a is refused, also through a link, and a is unchanged")
    func diffOutputIsAnInput() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        for name in ["a.png", "b.png"] {
            #expect(try spawnHowdy(Self.text + ["--out", scratch.path(name), "hello"]).status == 0)
        }
        let before = try scratch.read("a.png")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("link.png"), withDestinationPath: scratch.path("a.png"))
        for out in ["a.png", "./a.png", "link.png", "b.png"] {
            let result = try spawnHowdy(["diff", "a.png", "b.png", "--out", out], directory: scratch.url.path)
            #expect(result.status == 2, "\(out)")
            #expect(result.err.contains("is the input"), "\(result.err)")
        }
        #expect(try scratch.read("a.png") == before)
        #expect(try spawnHowdy(["diff", "a.png", "b.png", "--out", "d.png"], directory: scratch.url.path).status == 0)
    }

    // MARK: 12, 17. Paths and messages

    @Test("--out \"\" is a usage error")
    func emptyOut() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let render = try spawnHowdy(["render", Self.branded, "--out", ""], directory: scratch.url.path)
        #expect(render.status == 2)
        #expect(render.err.contains("--out: expected a path, got an empty string"), "\(render.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
        let balance = try spawnHowdy(Self.text + ["--out", "", "hi"])
        #expect(balance.status == 2)
        #expect(balance.err.contains("--out: expected a path, got an empty string"), "\(balance.err)")
        let diff = try spawnHowdy(["diff", "a.png", "b.png", "--out", ""])
        #expect(diff.err.contains("--out: expected a path, got an empty string"), "\(diff.err)")
        let flow = try spawnHowdy(["flow", "status", "--store", "", "--spec", "s.json"])
        #expect(flow.err.contains("--store: expected a path, got an empty string"), "\(flow.err)")
    }

    @Test("--out to a folder, into a missing folder, or a file as render's folder: one plain sentence")
    func outMessages() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        try FileManager.default.createDirectory(atPath: scratch.path("dir"), withIntermediateDirectories: false)
        try scratch.write("file", "x")
        let folder = try spawnHowdy(Self.text + ["--out", scratch.path("dir"), "hi"])
        #expect(folder.status == 2)
        #expect(folder.err.contains("cannot write \(scratch.path("dir")): it is a folder"), "\(folder.err)")
        let missing = try spawnHowdy(Self.text + ["--out", scratch.path("none/x.png"), "hi"])
        #expect(missing.err.contains("its folder \(scratch.path("none")) does not exist"), "\(missing.err)")
        let render = try spawnHowdy(["render", Self.branded, "--out", scratch.path("file")])
        #expect(render.status == 2)
        #expect(render.err.contains("\(scratch.path("file")): it is a file, not a folder"), "\(render.err)")
        for result in [folder, missing, render] { #expect(!result.err.contains("NSCocoaErrorDomain")) }
    }

    @Test("an app icon that is a folder or missing: one plain sentence with the JSON path")
    func iconMessages() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        try FileManager.default.createDirectory(atPath: scratch.path("icon.png"), withIntermediateDirectories: false)
        for (icon, reason) in [("icon.png", "it is a folder"), ("missing.png", "no such file")] {
            try scratch.write(
                "spec.json", #"{"welcome": {"id": "w", "title": "Hi", "appIcon": "\#(icon)"}, "steps": []}"#)
            let result = try spawnHowdy(["render", scratch.path("spec.json"), "--out", scratch.path("o")])
            #expect(result.status == 2)
            #expect(result.err.contains("welcome.appIcon: cannot read icon \"\(icon)\": \(reason)"), "\(result.err)")
        }
    }

    @Test("a store that is a folder: one plain sentence, no Foundation dump")
    func storeIsAFolder() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        try scratch.write("spec.json", exampleSpec)
        try FileManager.default.createDirectory(atPath: scratch.path("store"), withIntermediateDirectories: false)
        let result = try spawnHowdy([
            "flow", "status", "--store", scratch.path("store"), "--spec", scratch.path("spec.json"),
        ])
        #expect(result.status == 2)
        #expect(result.err == "howdy flow: \(scratch.path("store")): it is a folder, not a store file\n")
    }

    // MARK: 18. Usage, help, version

    @Test("every usage error prints the verb's usage (exit 2); VERB --help exits 0; --version")
    func usageHelpVersion() throws {
        for verb in ["balance", "flow", "render", "lint", "diff"] {
            let help = try spawnHowdy([verb, "--help"])
            #expect(help.status == 0)
            #expect(help.out.contains("usage: howdy \(verb)"), "\(verb)")
            let bad = try spawnHowdy([verb, "--no-such-option"])
            #expect(bad.status == 2, "\(verb)")
            #expect(bad.err.contains("usage: howdy \(verb)"), "\(verb): \(bad.err)")
        }
        let version = try spawnHowdy(["--version"])
        #expect(version.status == 0)
        #expect(version.out == "howdy \(Howdy.version)\n")
        let none = try spawnHowdy([])
        #expect(none.status == 2)
        #expect(none.err.contains("usage: howdy <command>"))
    }
}
