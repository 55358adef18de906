import Foundation
import HowdyOutput

extension Review {
    /// Accepts changes: for a manifest, copies each entry's actual image over its golden;
    /// for directories, copies each actual image over the expected one (into the first
    /// expected folder when it is new) and deletes an expected image that has no actual
    /// one. Writes are atomic (a temporary file renamed into place).
    /// - Parameters:
    ///   - names: names as the page lists them; `all` accepts every change instead.
    /// - Returns: one line per name saying what was done.
    /// - Throws: `ReviewError.unknownNames` before anything is written when a name is not
    ///   in the source; `ReviewError.cannotAccept` for an entry without an actual image.
    public static func accept(_ names: [String], all: Bool = false, source: ReviewSource) throws -> [String] {
        switch source {
        case .manifest(let manifest):
            let byName = Dictionary(manifest.failures.map { ($0.name, $0) }, uniquingKeysWith: { _, b in b })
            let chosen = all ? manifest.failures.map(\.name) : names
            let unknown = chosen.filter { byName[$0] == nil }
            guard unknown.isEmpty else { throw ReviewError.unknownNames(unknown, known: byName.count) }
            var lines: [String] = []
            for name in chosen {
                let failure = byName[name]!
                guard let actual = failure.actual else {
                    throw ReviewError.cannotAccept(name, "the manifest has no actual image for it")
                }
                let source = manifest.resolve(actual)
                guard let bytes = FileManager.default.contents(atPath: source.path) else {
                    throw ReviewError.cannotAccept(name, "cannot read \(source.path)")
                }
                let golden = URL(fileURLWithPath: failure.golden)
                try write(bytes, to: golden, name: name)
                lines.append("accepted \(name): \(source.path) → \(golden.path)")
            }
            return lines
        case .directories(let expected, let actual):
            guard let root = expected.first else { throw ReviewError.cannotAccept("changes", "no expected folder") }
            let before = try ImageSet(expected)
            let after = try ImageSet(actual)
            var chosen = names
            if all {
                chosen = Set(before.files.keys).union(after.files.keys).sorted().filter { name in
                    guard let a = before.files[name], let b = after.files[name] else { return true }
                    return FileManager.default.contents(atPath: a.path) != FileManager.default.contents(atPath: b.path)
                }
            }
            let unknown = chosen.filter { before.files[$0] == nil && after.files[$0] == nil }
            guard unknown.isEmpty else {
                throw ReviewError.unknownNames(unknown, known: Set(before.files.keys).union(after.files.keys).count)
            }
            var lines: [String] = []
            for name in chosen {
                if let source = after.files[name] {
                    guard let bytes = FileManager.default.contents(atPath: source.path) else {
                        throw ReviewError.cannotAccept(name, "cannot read \(source.path)")
                    }
                    let target = before.files[name] ?? root.appendingPathComponent(name)
                    try write(bytes, to: target, name: name)
                    lines.append("accepted \(name): \(source.path) → \(target.path)")
                } else if let target = before.files[name] {
                    do {
                        try FileManager.default.removeItem(at: target)
                    } catch {
                        throw ReviewError.cannotAccept(name, "cannot delete \(target.path)")
                    }
                    lines.append("accepted the removal of \(name): deleted \(target.path)")
                }
            }
            return lines
        }
    }

    private static func write(_ bytes: Data, to target: URL, name: String) throws {
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(bytes, to: target.path)
        } catch {
            throw ReviewError.cannotAccept(name, "cannot write \(target.path)")
        }
    }
}
