import Dispatch
import Foundation
import HowdyOutput
import HowdyRender
import Synchronization

/// A design review: every image of a source compared, changes grouped by their diff
/// signature, and one self-contained `index.html` (no network, no external script).
///
/// Pictures are not copied when they can be shown where they are: PNG sources are linked
/// by relative path. PPM sources, diff images and thumbnails are written once, as PNG,
/// under `images/ID/`. With `selfContained`, every picture the page shows is in the folder
/// (changed, new and removed images once each; unchanged ones as thumbnails), so it can
/// be moved or uploaded alone.
public struct Review: Sendable {
    /// How a review is built.
    public struct Options: Sendable {
        /// Per-pixel distance 0...1 counted as a difference (default 0.1) in a directory
        /// review; a manifest's figures are the test's own.
        public var threshold: Double = 0.1
        /// How the accept commands start (`howdy`).
        public var command: String = "howdy"
        /// Copy every picture into the folder instead of linking to the sources.
        public var selfContained = false
        /// For a manifest: the folder every golden lies inside (what `--accept` may write).
        public var goldens: URL? = nil
        /// What render folders' manifests are checked against (``RenderManifestCheck/fieldsOnly``
        /// by default; `howdy review` passes HowdyKitUI's full `renderable` check).
        public var manifestCheck: RenderManifestCheck = .fieldsOnly

        /// Options with the defaults above.
        public init(
            threshold: Double = 0.1, command: String = "howdy", selfContained: Bool = false, goldens: URL? = nil,
            manifestCheck: RenderManifestCheck = .fieldsOnly
        ) {
            self.threshold = threshold
            self.command = command
            self.selfContained = selfContained
            self.goldens = goldens
            self.manifestCheck = manifestCheck
        }
    }

    /// Changes with one diff signature: accepted together, shown as one card.
    public struct Group: Sendable, Hashable {
        /// A group with the given fields.
        public init(id: Int, signature: String, members: [Int]) {
            self.id = id
            self.signature = signature
            self.members = members
        }

        /// 1-based, largest group first.
        public var id: Int
        /// The shared signature (see `ReviewItem.signature`).
        public var signature: String
        /// The IDs of the changes, in name order; the first is the representative.
        public var members: [Int]
    }

    /// The page's title.
    public var title: String
    /// Every item: changed first, then new, removed and unchanged, each by name.
    public var items: [ReviewItem]
    /// The changed items grouped by signature, largest group first.
    public var groups: [Group]
    /// The digest of every name of the source (16 hex digits): accept commands carry it,
    /// and `--accept` refuses IDs when the source's names have changed since.
    public var digest: String
    /// The source as command-line arguments, each quoted for a POSIX shell.
    public var sourceArguments: String
    /// How commands start (`howdy`).
    public var command: String
    /// The decision file the page fills in (its `accept` is empty here).
    public var decision: ReviewDecision

    /// A review assembled from its parts (`build` makes one from a source).
    public init(
        title: String, items: [ReviewItem], groups: [Group], digest: String, sourceArguments: String, command: String,
        decision: ReviewDecision
    ) {
        self.title = title
        self.items = items
        self.groups = groups
        self.digest = digest
        self.sourceArguments = sourceArguments
        self.command = command
        self.decision = decision
    }

    /// The page `writePage` writes, as text; picture paths are used as the items give them.
    public func html() -> String { ReviewPage.html(self, directory: URL(fileURLWithPath: ".")) }

    /// Items of `status`.
    public func items(_ status: ReviewItem.Status) -> [ReviewItem] { items.filter { $0.status == status } }

    /// The item with `id`, if any.
    public func item(_ id: Int) -> ReviewItem? { items.first { $0.id == id } }

    /// The one command accepting the changes `ids`: only digits and the quoted source reach
    /// the shell, never a name.
    public func acceptCommand(_ ids: [Int]) -> String {
        "\(command) review --accept \(ids.map(String.init).joined(separator: " ")) --digest \(digest) \(sourceArguments)"
    }

    /// One command accepting every change (nil when nothing changed).
    public var acceptAllCommand: String? {
        let ids = items.filter { $0.status != .unchanged }.map(\.id)
        return ids.isEmpty ? nil : acceptCommand(ids)
    }

    /// Compares `source` and places its pictures in `directory` (see the type's notes).
    /// - Throws: `ReviewError.outputInsideInput` when `directory` is, or lies inside, an
    ///   input folder (before anything is written); `ReviewError.badImage` for an image
    ///   that is a link, over the pixel budget or does not decode; `RenderManifestError`,
    ///   file-system errors.
    public static func build(_ source: ReviewSource, into directory: URL, options: Options = Options()) throws
        -> Review
    {
        try refuseOutputInsideInput(directory, source: source)
        let (entries, digest) = try source.entries(
            excluding: directory, goldens: options.goldens, check: options.manifestCheck)
        var title: String
        let arguments: String
        var decision = ReviewDecision(version: 1, digest: digest, accept: [])
        switch source {
        case .directories(let expected, let actual):
            title =
                "Review: \(expected.map(\.lastPathComponent).joined(separator: ", ")) → \(actual.map(\.lastPathComponent).joined(separator: ", "))"
            arguments =
                (expected.map { "--expected \(shellQuoted($0.standardizedFileURL.path))" }
                + actual.map { "--actual \(shellQuoted($0.standardizedFileURL.path))" }).joined(separator: " ")
            decision.expected = expected.map(\.standardizedFileURL.path)
            decision.actual = actual.map(\.standardizedFileURL.path)
        case .manifest(let manifest):
            title = "Golden failures: \(manifest.file.path)"
            var words = "--manifest \(shellQuoted(manifest.file.path))"
            if let goldens = options.goldens { words += " --goldens \(shellQuoted(goldens.standardizedFileURL.path))" }
            arguments = words
            decision.manifest = manifest.file.path
            decision.goldens = options.goldens?.standardizedFileURL.path
        }
        if entries.isEmpty { title += " (nothing to review)" }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        AtomicFile.removeStaleTemporaries(in: directory.path)
        let placement = Placement(directory: directory, selfContained: options.selfContained)
        let results = Mutex([Result<ReviewItem, any Error>?](repeating: nil, count: entries.count))
        // Entries are independent; the diff itself also spreads its rows over the cores.
        DispatchQueue.concurrentPerform(iterations: entries.count) { index in
            let result = Result {
                try ReviewComparison(entry: entries[index], threshold: options.threshold, placement: placement).run()
            }
            results.withLock { $0[index] = result }
        }
        var items = try results.withLock { $0 }.map { try $0!.get() }
        let order = Dictionary(uniqueKeysWithValues: ReviewItem.Status.allCases.enumerated().map { ($1, $0) })
        items.sort { (order[$0.status]!, $0.name) < (order[$1.status]!, $1.name) }
        let groups = group(&items)
        return Review(
            title: title, items: items, groups: groups, digest: digest, sourceArguments: arguments,
            command: options.command, decision: decision)
    }

    /// Numbers the changed items' groups: one per signature (a change without one is a
    /// group of its own), largest first, then by the first member's name.
    public static func group(_ items: inout [ReviewItem]) -> [Group] {
        var bySignature: [String: [Int]] = [:]
        var order: [String] = []
        for index in items.indices where items[index].status == .changed {
            let key = items[index].signature ?? "#\(items[index].id)"
            if bySignature[key] == nil { order.append(key) }
            bySignature[key, default: []].append(index)
        }
        let sorted = order.enumerated().sorted { a, b in
            (bySignature[a.element]!.count, b.offset) > (bySignature[b.element]!.count, a.offset)
        }
        var groups: [Group] = []
        for (number, (_, key)) in sorted.enumerated() {
            let members = bySignature[key]!
            for index in members { items[index].group = number + 1 }
            groups.append(Group(id: number + 1, signature: key, members: members.map { items[$0].id }))
        }
        return groups
    }

    /// Refuses an output folder that is, or lies inside, one of the source's folders: the
    /// review would skip that side and write its page into the inputs (the goldens).
    static func refuseOutputInsideInput(_ directory: URL, source: ReviewSource) throws(ReviewError) {
        var inputs: [URL] = []
        switch source {
        case .directories(let expected, let actual): inputs = expected + actual
        case .manifest(let manifest): inputs = [manifest.folder]
        }
        for input in inputs where RealPath.isInside(directory.path, input.path) {
            throw .outputInsideInput(directory.path, input.path)
        }
    }

    /// Writes `index.html` into `directory` (which `build` filled); returns its URL.
    @discardableResult
    public func writePage(into directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("index.html")
        try AtomicFile.write(ReviewPage.html(self, directory: directory).utf8, to: url.path)
        return url
    }

    /// The counts `howdy review --json` prints.
    public struct Summary: Sendable, Hashable, Codable {
        public var changed: Int
        public var new: Int
        public var removed: Int
        public var unchanged: Int
        public var groups: Int
        /// Bytes of every regular file under the review folder (links not followed).
        public var outputBytes: Int
        /// The page's path.
        public var page: String
    }

    /// The summary of this review written into `directory`.
    public func summary(of directory: URL) -> Summary {
        Summary(
            changed: items(.changed).count, new: items(.new).count, removed: items(.removed).count,
            unchanged: items(.unchanged).count, groups: groups.count, outputBytes: Self.bytes(under: directory),
            page: directory.appendingPathComponent("index.html").path)
    }

    /// The bytes of every regular file under `directory`, links not followed.
    static func bytes(under directory: URL) -> Int {
        guard
            let walker = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey, .isSymbolicLinkKey])
        else { return 0 }
        var total = 0
        for case let url as URL in walker {
            // An entry that vanished or cannot be stat'ed mid-walk adds nothing to the size.
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey, .isSymbolicLinkKey])
            if values?.isRegularFile == true, values?.isSymbolicLink != true { total += values?.fileSize ?? 0 }
        }
        return total
    }
}

/// `text` quoted for a POSIX shell per Unicode scalar (see `Escaping.shell`).
func shellQuoted(_ text: String) -> String { Escaping.shell(text) }
