import Foundation
import HowdyCLI
import HowdyRender
import Testing

@Suite struct DiffCommandTests {
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var out = "", err = ""
        func write(_ text: String) { lock.withLock { out += text } }
        func writeError(_ text: String) { lock.withLock { err += text } }
        var standard: String { lock.withLock { out } }
        var error: String { lock.withLock { err } }
    }

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let output = Output()
        let io = CommandIO(
            standardInput: { FileHandle.nullDevice }, write: { output.write($0) }, writeError: { output.writeError($0) }
        )
        let code = Howdy.main(["diff"] + arguments, io: io)
        return (code, output.standard, output.error)
    }

    func write(_ image: Image, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try image.write(to: url)
        return url.path
    }

    @Test func exitCodesFollowTheTolerance() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try Image(width: 20, height: 10, fill: .white)
        var changed = base
        changed[3, 4] = SIMD4(0, 0, 0, 255)
        let a = try write(base, "a.png", in: directory)
        let b = try write(changed, "b.ppm", in: directory)
        let same = run([a, a])
        #expect(same.code == 0)
        #expect(same.out.contains("differing pixels: 0"))
        let diffPath = directory.appendingPathComponent("diff.png").path
        let different = run([a, b, "--out", diffPath])
        #expect(different.code == 1)
        #expect(different.out.contains("differing pixels: 1"))
        #expect(different.out.contains("changed area: x 3..<4, y 4..<5"))
        #expect(FileManager.default.fileExists(atPath: diffPath))
        #expect(run([a, b, "--max-diff-pixels", "1"]).code == 0)
        #expect(run([a, b, "--max-diff-ratio", "0.01"]).code == 0)
        #expect(run([a, b, "--threshold", "1"]).code == 0)
        // Bad input and usage: exit 2 with a clear message.
        let small = try write(try Image(width: 5, height: 5), "small.png", in: directory)
        let sizes = run([a, small])
        #expect(sizes.code == 2)
        #expect(sizes.err.contains("differ in size"))
        let garbage = directory.appendingPathComponent("garbage.png")
        try Data("not an image".utf8).write(to: garbage)
        #expect(run([a, garbage.path]).code == 2)
        #expect(run([a, directory.appendingPathComponent("missing.png").path]).code == 2)
        #expect(run([a]).code == 2)
        // Both limits: the larger allowance applies, as in Playwright.
        #expect(run([a, b, "--max-diff-pixels", "0", "--max-diff-ratio", "0.1"]).code == 0)
        #expect(run([a, b, "--threshold", "nan"]).code == 2)
        #expect(run([a, b, "--max-window-ratio", "1.5"]).code == 2)
        #expect(run([a, b, "--window-size", "0"]).code == 2)
        #expect(run([a, b, "--max-diff-ratio", "-0.1"]).code == 2)
    }

    /// A dense 20 × 10 px change (a button label's colour) is 0.125 % of a 400 × 400 image:
    /// within a 1 % ratio, but the density guard fails it, and prints the values in force.
    @Test func densityGuardFailsASmallDenseChange() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try Image(width: 400, height: 400, fill: .white)
        var changed = base
        for y in 200..<210 {
            for x in 100..<120 { changed[x, y] = SIMD4(200, 0, 0, 255) }
        }
        let a = try write(base, "a.png", in: directory)
        let b = try write(changed, "b.png", in: directory)
        let dense = run([a, b, "--max-diff-ratio", "0.01"])
        #expect(dense.code == 1)
        #expect(dense.out.contains("densest window: 0.1953 of 32×32 px"))
        #expect(dense.out.contains("densest 32×32 px window ≤ 0.05"))
        #expect(run([a, b, "--max-diff-ratio", "0.01", "--max-window-ratio", "0.2"]).code == 0)
        #expect(run([a, b, "--max-diff-ratio", "0.01", "--window-size", "200"]).code == 0)
    }
}
