import Foundation
import HowdyKitUI
import HowdyRender
import Testing

/// Rendering is a pure function: the same screen gives the same bytes twice, on one
/// thread or on all cores, in this process or in another one.
@Suite(.serialized) struct DeterminismTests {
    static let root = ExampleGoldens.root

    static func screens(_ example: String) throws -> (FlowDocument, [NamedScreen]) {
        let document = try FlowDocument.load(contentsOf: root.appendingPathComponent("Examples/\(example).json"))
        return (document, FlowPages.screens(document))
    }

    /// The animated, blurred, material-card branded flow (the welcome, the select, the
    /// denied permission and the paywall): the most parallel drawing there is.
    static func renderBranded(scheme: ColorScheme, time: Double, device: DevicePreset = .phone) throws
        -> [String: [UInt8]]
    {
        let (document, screens) = try screens("branded")
        var result: [String: [UInt8]] = [:]
        for named in [screens[0], screens[5], screens[9], screens[11]] {
            let environment = RenderEnvironment(device: device, scale: 1, colorScheme: scheme, time: time)
            result[named.name] = try named.screen.render(theme: document.theme, environment: environment).pixels
        }
        return result
    }

    @Test func theSameScreenTwiceIsByteIdentical() throws {
        let first = try Self.renderBranded(scheme: .dark, time: 1.25)
        let second = try Self.renderBranded(scheme: .dark, time: 1.25)
        #expect(first.count == 4)
        for (name, pixels) in first { #expect(second[name] == pixels, "\(name)") }
    }

    @Test func oneThreadAndAllCoresAreByteIdentical() throws {
        let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)
        defer { RenderThreads.limit.store(0, ordering: .relaxed) }
        RenderThreads.limit.store(cores, ordering: .relaxed)
        let parallel = try Self.renderBranded(scheme: .light, time: 7.01, device: .desktop)
        RenderThreads.limit.store(1, ordering: .relaxed)
        let serial = try Self.renderBranded(scheme: .light, time: 7.01, device: .desktop)
        for (name, pixels) in parallel { #expect(serial[name] == pixels, "\(name)") }
        // A large screen too, where every paint, blur and the PNG filter split into bands.
        let (document, screens) = try Self.screens("branded")
        let environment = RenderEnvironment(device: .tablet, scale: 2, colorScheme: .dark, time: 3)
        let oneThread = try screens[0].screen.render(theme: document.theme, environment: environment)
        RenderThreads.limit.store(cores, ordering: .relaxed)
        let allCores = try screens[0].screen.render(theme: document.theme, environment: environment)
        #expect(oneThread.pixels == allCores.pixels)
        #expect(try PNGCodec.encode(oneThread) == PNGCodec.encode(allCores))
    }

    /// The contrast lint of the frame a flaky run reported (branded, desktop, light, t ≈ 7.01 s,
    /// the 7th of 8 frames of the standard cycle) gives the same ratios on one thread and on
    /// all cores, and run twice.
    @Test func lintIsTheSameOnOneThreadAndAllCores() throws {
        let (document, _) = try Self.screens("branded")
        var matrix = document.matrix
        matrix.devices = [.desktop]
        matrix.schemes = [.light]
        matrix.scale = 1
        matrix.times = [GreetGradientMotion.standard.cycleDuration * 6 / 8]
        defer { RenderThreads.limit.store(0, ordering: .relaxed) }
        RenderThreads.limit.store(1, ordering: .relaxed)
        let serial = try ContrastLint.check(document, matrix: matrix, frames: 1)
        RenderThreads.limit.store(max(2, ProcessInfo.processInfo.activeProcessorCount), ordering: .relaxed)
        let parallel = try ContrastLint.check(document, matrix: matrix, frames: 1)
        let again = try ContrastLint.check(document, matrix: matrix, frames: 1)
        #expect(serial.passed && serial.checkedTexts > 100)
        #expect(serial.worstByRole == parallel.worstByRole && parallel.worstByRole == again.worstByRole)
        #expect(serial.findings == parallel.findings)
    }

    /// `howdy render` in another process (one thread there, all cores here) writes the
    /// pixels this process draws.
    @Test func anotherProcessDrawsTheSameBytes() throws {
        let executable = try #require(howdyExecutable(), "build the howdy product first (swift build --build-tests)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "howdy-determinism-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "render", Self.root.appendingPathComponent("Examples/branded.json").path, "--out", out.path, "--device",
            "phone", "--scheme", "dark", "--scale", "1", "--time", "1.25",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["HOWDY_THREADS": "1"]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let here = try Self.renderBranded(scheme: .dark, time: 1.25)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter {
            $0.hasSuffix(".png") && !$0.hasPrefix("contact-sheet")
        }
        #expect(files.count == 12)
        for (name, pixels) in here {
            let file = try #require(files.first { $0.hasPrefix(name + "_") }, "\(name) rendered by howdy")
            let decoded = try Image(decoding: [UInt8](Data(contentsOf: out.appendingPathComponent(file))))
            #expect(decoded.pixels == pixels, "\(file)")
        }
    }
}

/// The built `howdy` executable next to the test bundle, or nil.
func howdyExecutable() -> URL? {
    var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
    directories.append(ExampleGoldens.root.appendingPathComponent(".build/debug"))
    return directories.map { $0.appendingPathComponent("howdy") }.first {
        FileManager.default.isExecutableFile(atPath: $0.path)
    }
}
