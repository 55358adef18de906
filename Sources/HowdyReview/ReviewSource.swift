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

/// One name of a source, both sides, numbered as the page numbers it.
struct ReviewEntry: Sendable {
    /// The 1-based position of `name` in the sorted names of the source.
    var id: Int
    var name: String
    var expected: URL?
    var actual: URL?
    var diff: URL? = nil
    var failure: FailureManifest.Entry? = nil
    /// Where accepting writes (or what it deletes), and the folder it must stay inside.
    var target: URL?
    var root: URL?
    var facets = ReviewItem.Facets()
}

extension ReviewSource {
    /// Every name of the source, sorted, with its ID, and the digest of the names (which
    /// the page's accept commands carry, so that IDs are never applied to another list).
    /// - Parameters:
    ///   - excluded: a folder not to look into (the review's own output).
    ///   - goldens: for a manifest, the folder every golden must lie inside.
    ///   - check: what render folders' manifests are checked against.
    func entries(excluding excluded: URL? = nil, goldens: URL? = nil, check: RenderManifestCheck = .fieldsOnly) throws
        -> (entries: [ReviewEntry], digest: String)
    {
        var entries: [ReviewEntry] = []
        switch self {
        case .directories(let expected, let actual):
            let before = try ImageSet(expected, excluding: excluded, check: check)
            let after = try ImageSet(actual, excluding: excluded, check: check)
            let names = Set(before.files.keys).union(after.files.keys).sorted()
            for (index, name) in names.enumerated() {
                let root = before.roots[name] ?? expected.first
                var entry = ReviewEntry(
                    id: index + 1, name: name, expected: before.files[name], actual: after.files[name],
                    target: before.files[name] ?? root?.appendingPathComponent(name), root: root)
                entry.facets = after.facets[name] ?? before.facets[name] ?? ReviewItem.Facets()
                if entry.facets.screen == nil { entry.facets.screen = Self.screen(of: name) }
                entries.append(entry)
            }
        case .manifest(let manifest):
            for (index, failure) in manifest.failures.enumerated() {
                var entry = ReviewEntry(
                    id: index + 1, name: failure.name, expected: failure.expected.map(manifest.resolve),
                    actual: failure.actual.map(manifest.resolve), diff: failure.diff.map(manifest.resolve),
                    failure: failure, target: URL(fileURLWithPath: failure.golden), root: goldens)
                entry.facets.screen = Self.screen(of: (failure.name as NSString).lastPathComponent)
                entries.append(entry)
            }
        }
        return (entries, RenderManifest.digest(entries.map(\.name)))
    }

    /// A render's screen from its file name (`03-goal_phone-dark@2x.png` → `03-goal`), else
    /// the name without its extension.
    static func screen(of name: String) -> String {
        let file = (name as NSString).lastPathComponent
        if let underscore = file.firstIndex(of: "_") { return String(file[..<underscore]) }
        return (file as NSString).deletingPathExtension
    }
}

/// The images of one side of a directory review: name → file.
struct ImageSet {
    var files: [String: URL] = [:]
    /// The folder (of those given) each file was found in.
    var roots: [String: URL] = [:]
    /// What each image shows, from the folders' render manifests (by the same names).
    var facets: [String: ReviewItem.Facets] = [:]

    /// Collects `folders`, skipping `excluded` (the review's own output folder) and a
    /// render's contact sheets.
    /// - Throws: `RenderManifestError` when shards' manifests do not join, file-system errors.
    init(_ folders: [URL], excluding excluded: URL? = nil, check: RenderManifestCheck) throws {
        let skip = excluded?.standardizedFileURL.resolvingSymlinksInPath().path ?? ""
        var manifests: [(path: String, manifest: RenderManifest)] = []
        for folder in folders {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(RenderManifest.fileName).path) {
                let manifest = try RenderManifest.load(directory: folder, check: check)
                manifests.append((folder.path, manifest))
                for file in manifest.files where facets[file.fileName] == nil {
                    facets[file.fileName] = ReviewItem.Facets(
                        screen: file.screen, device: file.device, scheme: file.schemeName, locale: file.locale,
                        typeSize: file.typeSizeName)
                }
            }
            try walk(folder, prefix: "", skip: skip, depth: 0, root: folder)
        }
        // Shards of one render are checked as a merge checks them: none missing, none twice.
        if manifests.contains(where: { $0.manifest.shard != nil }) {
            _ = try RenderManifest.merge(manifests)
        }
    }

    /// Adds the images under `folder` (at most 16 levels deep, symlinked folders not followed).
    private mutating func walk(_ folder: URL, prefix: String, skip: String, depth: Int, root: URL) throws {
        guard depth < 16, folder.standardizedFileURL.resolvingSymlinksInPath().path != skip else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw ReviewError.unreadable(folder.path)
        }
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            // An entry that cannot be stat'ed is treated as neither a folder nor a link; what it
            // held is read (and any failure reported) only through the checked reads that follow.
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            if values?.isDirectory == true, values?.isSymbolicLink != true {
                try walk(url, prefix: prefix + name + "/", skip: skip, depth: depth + 1, root: root)
            } else if ["png", "ppm"].contains(url.pathExtension.lowercased()), !name.hasPrefix("contact-sheet-"),
                files[prefix + name] == nil
            {
                files[prefix + name] = url
                roots[prefix + name] = root
            }
        }
    }
}

/// Why a review cannot be built or a change accepted.
public enum ReviewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A folder that cannot be listed.
    case unreadable(String)
    /// IDs that are not in the source (with how many there are).
    case unknownIDs([Int], known: Int)
    /// The source no longer holds the names the page was made from.
    case stale(expected: String, found: String)
    /// A change that cannot be accepted (its name, escaped for a terminal, and why).
    case cannotAccept(String, String)
    /// An image file that is refused or does not decode (its path and why).
    case badImage(String, String)
    /// An output folder that is, or lies inside, an input folder.
    case outputInsideInput(String, String)
    /// A decision file that is not one (its path and what is wrong).
    case badDecision(String, String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read \(path)"
        case .unknownIDs(let ids, let known):
            "no change with ID \(ids.map(String.init).joined(separator: ", ")) in this review (IDs run from 1 to \(known); the page lists them)"
        case .stale(let expected, let found):
            "the images changed since the page was made (its digest is \(expected), the folders' is \(found)); make the page again and review it"
        case .cannotAccept(let name, let reason): "cannot accept \(name): \(reason)"
        case .badImage(let path, let reason): "\(path): \(reason)"
        case .outputInsideInput(let out, let input):
            "--out \(out) is, or lies inside, the input folder \(input); choose a folder outside the inputs"
        case .badDecision(let path, let reason): "\(path): \(reason)"
        }
    }
}
