import Foundation
import HowdyJSON
import HowdyOutput

/// What one `howdy render` run (or one shard of it) planned and wrote:
/// `render-manifest.json` beside the images. `howdy render --merge` and `howdy review`
/// join shards' manifests into one.
///
/// The manifest holds no paths, times or host names, so a merged manifest is byte-equal
/// to the one an unsharded run of the same plan writes.
public struct RenderManifest: Codable, Sendable, Hashable {
    /// One planned image.
    public struct Job: Codable, Sendable, Hashable {
        /// Position in the whole plan's matrix order, from 0.
        public var order: Int
        /// The file it is written to (absent from `files` when the screen was skipped).
        public var fileName: String
        /// Pixels drawn (width × height px), the unit shards are balanced by.
        public var cost: Int

        /// A planned image at `order` written to `fileName`, costing `cost` px.
        public init(order: Int, fileName: String, cost: Int) {
            self.order = order
            self.fileName = fileName
            self.cost = cost
        }
    }

    /// The manifest's file name inside a render's output folder.
    public static let fileName = "render-manifest.json"

    /// Format version (1).
    public var version: Int
    /// `howdy render`.
    public var createdBy: String
    /// The flow's id, the index page's title.
    public var title: String
    /// Every screen of the flow, in flow order.
    public var screens: [String]
    /// Images in the whole plan, all shards together.
    public var plannedImages: Int
    /// FNV-1a (64-bit, hex) of the whole plan's file names in order: shards of different
    /// plans (another spec or matrix) refuse to merge.
    public var planDigest: String
    /// The shard this run drew; nil for a whole (or merged) render.
    public var shard: RenderShard?
    /// The planned images this run drew, in matrix order.
    public var jobs: [Job]
    /// The files written, in matrix order.
    public var files: [RenderedFile]
    /// Contact sheets written beside the index (none for a shard).
    public var contactSheets: [String]

    /// A version-1 manifest created by `howdy render`; no contact sheets unless given.
    public init(
        title: String, screens: [String], plannedImages: Int, planDigest: String, shard: RenderShard?, jobs: [Job],
        files: [RenderedFile], contactSheets: [String] = []
    ) {
        self.version = 1
        self.createdBy = "howdy render"
        self.title = title
        self.screens = screens
        self.plannedImages = plannedImages
        self.planDigest = planDigest
        self.shard = shard
        self.jobs = jobs
        self.files = files
        self.contactSheets = contactSheets
    }

    /// The digest of a plan's file names (FNV-1a 64, 16 hex digits).
    package static func digest(_ names: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for name in names {
            for byte in name.utf8 + [0] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The manifest as written: pretty, keys sorted, slashes unescaped, trailing newline.
    public func encoded() -> Data {
        // A manifest holds strings, integers and finite doubles only: encoding cannot fail.
        return ((try? Foundation.Data(JSONTreeEncoder.encode(self, pretty: true))) ?? Data()) + Data("\n".utf8)
    }

    /// The largest manifest read, in bytes (64 MiB: 10,000 images take about 5 MB).
    package static let maximumBytes = 64 << 20

    /// Reads `DIR/render-manifest.json`, never through a symbolic link, and checks every
    /// field, the screens and files by `check` (HowdyKitUI's `load(directory:)` passes its
    /// full `RenderManifestCheck.renderable`).
    /// - Throws: `RenderManifestError` naming the file and what is wrong.
    public static func load(directory: URL, check: RenderManifestCheck) throws(RenderManifestError) -> RenderManifest {
        let url = directory.appendingPathComponent(fileName)
        let data: [UInt8]
        do {
            data = try InputFile.read(url.path, maximumBytes: maximumBytes, followLinks: false)
        } catch {
            var info = stat()
            if lstat(url.path, &info) != 0, errno == ENOENT { throw .unreadable(url.path) }
            throw .invalid(url.path, "cannot read it: \(error.reason)")
        }
        do {
            let manifest = try JSONDocument.decode(RenderManifest.self, from: data)
            try manifest.validate(path: url.path, check: check)
            return manifest
        } catch let error as RenderManifestError {
            throw error
        } catch {
            throw .invalid(url.path, "not a render manifest (\(error))")
        }
    }

    /// Joins the manifests of every shard of one plan into the manifest an unsharded
    /// render of that plan writes (without contact sheets; the merge adds them).
    /// - Throws: `RenderManifestError.cannotMerge` when the manifests come from different
    ///   plans, a shard is missing or repeated, or a job appears twice.
    public static func merge(_ manifests: [(path: String, manifest: RenderManifest)]) throws(RenderManifestError)
        -> RenderManifest
    {
        guard let first = manifests.first?.manifest else { throw .cannotMerge("no manifests to merge") }
        for (path, manifest) in manifests {
            guard manifest.planDigest == first.planDigest, manifest.title == first.title,
                manifest.screens == first.screens, manifest.plannedImages == first.plannedImages
            else {
                throw .cannotMerge("\(path) comes from another plan (spec or matrix) than \(manifests[0].path)")
            }
        }
        let shards = manifests.map(\.manifest.shard)
        if shards.contains(where: { $0 == nil }) {
            if manifests.count > 1 {
                throw .cannotMerge("a whole (unsharded) render cannot be merged with other renders")
            }
        } else {
            let count = shards[0]!.count
            guard shards.allSatisfy({ $0!.count == count }) else {
                throw .cannotMerge("the shards were split into different counts")
            }
            let seen = shards.map { $0!.index }
            for index in 1...count where seen.filter({ $0 == index }).count != 1 {
                let times = seen.filter { $0 == index }.count
                throw .cannotMerge(
                    times == 0
                        ? "shard \(index)/\(count) is missing" : "shard \(index)/\(count) is given \(times) times")
            }
        }
        var jobs = manifests.flatMap(\.manifest.jobs)
        jobs.sort { $0.order < $1.order }
        for (a, b) in zip(jobs, jobs.dropFirst()) where a.order == b.order {
            throw .cannotMerge("job \(a.order) (\(a.fileName)) appears in two shards")
        }
        guard jobs.count == first.plannedImages else {
            throw .cannotMerge("the shards hold \(jobs.count) of the plan's \(first.plannedImages) images")
        }
        // The jobs' names, in order, are the plan's: the digest each shard carries.
        guard digest(jobs.map(\.fileName)) == first.planDigest else {
            throw .cannotMerge("the shards' file names are not those of the plan they name (planDigest \(first.planDigest))")
        }
        for (a, b) in zip(jobs.map(\.fileName).sorted(), jobs.map(\.fileName).sorted().dropFirst()) where a == b {
            throw .cannotMerge("file \(a) appears in two shards")
        }
        let orderOf = Dictionary(jobs.map { ($0.fileName, $0.order) }, uniquingKeysWith: { a, _ in a })
        let files = manifests.flatMap(\.manifest.files).sorted {
            orderOf[$0.fileName, default: 0] < orderOf[$1.fileName, default: 0]
        }
        return RenderManifest(
            title: first.title, screens: first.screens, plannedImages: first.plannedImages,
            planDigest: first.planDigest, shard: nil, jobs: jobs, files: files)
    }
}

/// A render manifest that cannot be read or merged.
public enum RenderManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(String)
    case invalid(String, String)
    case cannotMerge(String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read \(path): no render manifest there (render with howdy render first)"
        case .invalid(let path, let reason): "\(path): \(reason)"
        case .cannotMerge(let reason): "cannot merge: \(reason)"
        }
    }
}
