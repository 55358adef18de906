import Foundation
import HowdyOutput
import HowdyRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension Review {
    /// Accepts changes by the IDs the page shows: for a manifest, copies each entry's
    /// actual image over its golden; for folders, copies the actual image over the expected
    /// one (into the first expected folder when it is new) and deletes an expected image
    /// that has no actual one.
    ///
    /// Everything is checked before anything is written: the source must still hold the
    /// names the page was made from (`digest`), each actual image must be a regular file
    /// (not a link) that decodes as PNG or PPM within the review's pixel budget, and each
    /// target must be a `.png`/`.ppm` of the same format whose real path lies inside its
    /// root (the expected folder it belongs to; for a manifest, `goldens`). Writes are
    /// atomic, and leftovers of a killed accept in each target folder are removed first.
    /// - Parameters:
    ///   - ids: the page's IDs; `all` accepts every change instead.
    ///   - all: accept every change the source holds, whatever `ids` says.
    ///   - digest: the page's digest of the source's names; nil skips the check.
    ///   - source: the review's folders or manifest, read again now.
    ///   - goldens: for a manifest, the folder every golden must lie inside.
    /// - Returns: one line per change saying what was done.
    /// - Throws: `ReviewError` naming the first problem; nothing is written then.
    public static func accept(
        ids: [Int], all: Bool = false, digest: String? = nil, source: ReviewSource, goldens: URL? = nil
    ) throws -> [String] {
        let (entries, found) = try source.entries(goldens: goldens)
        if let digest, digest != found { throw ReviewError.stale(expected: digest, found: found) }
        let chosen: [ReviewEntry]
        if all {
            chosen = try entries.filter { entry in
                if entry.failure != nil { return true }
                guard let a = entry.expected, let b = entry.actual else { return true }
                return try ReviewImageFile.read(a.path).bytes != ReviewImageFile.read(b.path).bytes
            }
        } else {
            let unknown = ids.filter { !(1...max(1, entries.count)).contains($0) || entries.isEmpty }
            guard unknown.isEmpty else { throw ReviewError.unknownIDs(unknown, known: entries.count) }
            chosen = Array(Set(ids)).sorted().map { entries[$0 - 1] }
        }
        let steps = try chosen.map(plan)
        var lines: [String] = []
        for step in steps {
            lines.append(try step.run())
        }
        return lines
    }

    /// What accepting one entry does, checked.
    private struct Step {
        var entry: ReviewEntry
        var target: URL
        /// The bytes to write; nil deletes the target.
        var bytes: [UInt8]?

        func run() throws -> String {
            let name = Review.printable(entry.name)
            let folder = target.deletingLastPathComponent()
            if let bytes {
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    AtomicFile.removeStaleTemporaries(in: folder.path)
                    try AtomicFile.write(bytes, to: target.path)
                } catch {
                    throw ReviewError.cannotAccept(name, "cannot write \(target.path): \(error)")
                }
                return "accepted \(entry.id) \(name): \(entry.actual!.path) → \(target.path)"
            }
            AtomicFile.removeStaleTemporaries(in: folder.path)
            guard unlink(target.path) == 0 else {
                throw ReviewError.cannotAccept(name, "cannot delete \(target.path): \(String(cString: strerror(errno)))")
            }
            return "accepted the removal of \(entry.id) \(name): deleted \(target.path)"
        }
    }

    private static func plan(_ entry: ReviewEntry) throws -> Step {
        let name = printable(entry.name)
        guard let target = entry.target else { throw ReviewError.cannotAccept(name, "it has nowhere to go") }
        guard let root = entry.root else {
            throw ReviewError.cannotAccept(
                name, "no goldens folder is given (--goldens DIR); every golden must lie inside it")
        }
        guard RealPath.isInside(target.path, root.path, orSame: false) else {
            throw ReviewError.cannotAccept(
                name, "its target \(target.path) lies outside \(root.path) (its real path is \(RealPath.resolve(target.path)))")
        }
        let targetFormat = ImageFormat(pathExtension: target.pathExtension.lowercased())
        guard let targetFormat, ["png", "ppm"].contains(target.pathExtension.lowercased()) else {
            throw ReviewError.cannotAccept(name, "its target \(target.path) is not a .png or .ppm file")
        }
        var info = stat()
        if lstat(target.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw ReviewError.cannotAccept(name, "its target \(target.path) exists and is not a regular file")
        }
        guard let actual = entry.actual else {
            if entry.failure != nil {
                throw ReviewError.cannotAccept(name, "the manifest has no actual image for it")
            }
            return Step(entry: entry, target: target, bytes: nil)
        }
        let encoded = try ReviewImageFile.read(actual.path)
        _ = try ReviewImageFile.decode(encoded, path: actual.path)
        guard encoded.format == targetFormat else {
            throw ReviewError.cannotAccept(
                name, "\(actual.path) is \(encoded.format.rawValue.uppercased()) but \(target.path) is .\(targetFormat.rawValue)")
        }
        return Step(entry: entry, target: target, bytes: encoded.bytes)
    }

    /// `text` for a terminal: control characters (C0, C1, bidi controls) as `\u{…}`.
    package static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
