import Foundation

/// What a review compares: two sets of render folders, or a golden-failure manifest.
public enum ReviewSource: Sendable {
    /// Images in `expected` folders against the same names in `actual` folders: every
    /// `.png`/`.ppm` under them (contact sheets aside), named by relative path. Several
    /// folders on one side are joined (shards of one render: their manifests are checked
    /// as `howdy render --merge` checks them).
    case directories(expected: [URL], actual: [URL])
    /// The entries of a golden-failure manifest.
    case manifest(FailureManifest)
}

/// The images of one side of a directory review: name → file.
struct ImageSet {
    var files: [String: URL] = [:]

    /// Collects `folders`, skipping `excluded` (the review's own output folder) and a
    /// render's contact sheets.
    /// - Throws: `RenderManifestError` when shards' manifests do not join, file-system errors.
    init(_ folders: [URL], excluding excluded: URL? = nil) throws {
        let skip = excluded?.standardizedFileURL.resolvingSymlinksInPath().path ?? ""
        var manifests: [(path: String, manifest: RenderManifest)] = []
        for folder in folders {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(RenderManifest.fileName).path) {
                manifests.append((folder.path, try RenderManifest.load(directory: folder)))
            }
            try walk(folder, prefix: "", skip: skip, depth: 0)
        }
        // Shards of one render are checked as a merge checks them: none missing, none twice.
        if manifests.contains(where: { $0.manifest.shard != nil }) {
            _ = try RenderManifest.merge(manifests)
        }
    }

    /// Adds the images under `folder` (at most 16 levels deep, symlinked folders not followed).
    private mutating func walk(_ folder: URL, prefix: String, skip: String, depth: Int) throws {
        guard depth < 16, folder.standardizedFileURL.resolvingSymlinksInPath().path != skip else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw ReviewError.unreadable(folder.path)
        }
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            if values?.isDirectory == true, values?.isSymbolicLink != true {
                try walk(url, prefix: prefix + name + "/", skip: skip, depth: depth + 1)
            } else if ["png", "ppm"].contains(url.pathExtension.lowercased()), !name.hasPrefix("contact-sheet-"),
                files[prefix + name] == nil
            {
                files[prefix + name] = url
            }
        }
    }
}

/// Why a review cannot be built or a change accepted.
public enum ReviewError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(String)
    case unknownNames([String], known: Int)
    case cannotAccept(String, String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read \(path)"
        case .unknownNames(let names, let known):
            "no image named \(names.map { "\"\($0)\"" }.joined(separator: ", ")) in this review (\(known) names known; the page lists them)"
        case .cannotAccept(let name, let reason): "cannot accept \(name): \(reason)"
        }
    }
}
