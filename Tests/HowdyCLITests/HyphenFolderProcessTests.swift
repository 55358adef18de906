import Foundation
import Testing

/// `howdy balance --hyphens auto` with `$HOWDY_HYPHEN_DIR` naming a folder of the test's
/// own pattern files (a process each: the folder is read once per process).
@Suite("howdy balance --hyphens auto with HOWDY_HYPHEN_DIR")
struct HyphenFolderProcessTests {
    /// Runs `howdy balance` with the pattern folder and cache folder given.
    private func balance(_ arguments: [String], folder: String) throws -> ProcessResult {
        let executable = try #require(howdyExecutable(), "build the howdy product first (swift build --build-tests)")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["balance"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOWDY_HYPHEN_DIR"] = folder
        environment["XDG_CACHE_HOME"] = folder + "/cache"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The outputs are a few lines: reading one pipe to the end cannot stall the other.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self))
    }

    private func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "howdy-hyphen-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    private let base = ["--font", "Inter-Regular", "--size", "20", "--greedy", "--hyphens", "auto"]

    @Test("an empty folder: exit 2 naming the locale and that folder")
    func emptyFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try balance(base + ["--width", "40", "--locale", "de", "Kraftfahrzeug"], folder: folder)
        #expect(result.status == 2)
        #expect(result.err.contains("no hyphenation dictionary for locale 'de' in \(folder)"))
    }

    @Test("a pattern file of the test's own: its points (after the 2/2 minimums) and no others; cached")
    func ownPatterns() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A hyphen may go between every a and b; LEFT/RIGHTHYPHENMIN 1 leave CSS's 2/2.
        try "UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\na1b\n".write(
            toFile: folder + "/hyph_xx.dic", atomically: true, encoding: .utf8)
        let narrow = try balance(base + ["--width", "40", "--locale", "xx-YY", "ababab"], folder: folder)
        #expect(narrow.status == 0, "\(narrow.err)")
        #expect(narrow.out == "aba-\nbab\n")
        // libhyphen's automaton was cached in $XDG_CACHE_HOME/howdy/hyphen, and the
        // second process (reading it) breaks the same way.
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/cache/howdy/hyphen")) ?? []
        #expect(cached.contains { $0.hasPrefix("hyph_xx.dic-") })
        let again = try balance(base + ["--width", "40", "--locale", "xx", "ababab"], folder: folder)
        #expect(again.out == "aba-\nbab\n")
    }

    @Test("a pattern file in an unsupported encoding: exit 2 naming the file and the encoding")
    func unsupportedEncoding() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "KOI8-R\na1b\n".write(toFile: folder + "/hyph_ru.dic", atomically: true, encoding: .utf8)
        let result = try balance(base + ["--width", "40", "--locale", "ru", "ababab"], folder: folder)
        #expect(result.status == 2)
        #expect(result.err.contains("\(folder)/hyph_ru.dic: not a usable hyphenation dictionary"))
        #expect(result.err.contains("'KOI8-R'"))
    }
}
