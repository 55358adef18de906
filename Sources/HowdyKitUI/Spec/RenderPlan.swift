import HowdyKit
import HowdyRender
import HowdyReview

/// Why a render cannot be planned.
public enum RenderPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The matrix holds more images than the cap allows: (images, cap, screens, axes in words).
    case tooManyImages(count: Int, limit: Int, screens: Int, axes: String)

    /// The message shown to the user, with how to narrow the matrix or raise the limit.
    public var description: String {
        switch self {
        case .tooManyImages(let count, let limit, let screens, let axes):
            let total = count == .max ? "more than \(Int.max)" : "\(count)"
            return
                "the render matrix has \(total) images (\(screens) screen\(screens == 1 ? "" : "s") × \(axes)), over the limit of \(limit); narrow the matrix or raise the limit with --max-images N"
        }
    }
}

/// Every image of a render, planned before anything is drawn: which screen in which
/// environment, its file name and its cost in pixels.
///
/// The plan merges repeated axis values (`["phone", "phone"]` is one phone) and refuses a
/// matrix over `maxImages` before building a single environment, so a spec with 100,000
/// times is refused at once in little memory.
public struct RenderPlan: Sendable {
    /// One image to draw.
    public struct Job: Sendable, Hashable {
        /// Position in matrix order (each environment, then each screen), from 0.
        public var order: Int
        /// Index into `screens`.
        public var screen: Int
        /// Index into `environments`.
        public var environment: Int
        /// The file name it is written to.
        public var fileName: String
        /// Pixels drawn: width × height in px.
        public var cost: Int
    }

    /// The default cap on images in one render (overridable with `--max-images`).
    public static let defaultMaxImages = 10_000

    /// The flow's screens, in flow order.
    public let screens: [NamedScreen]
    /// The matrix's environments, duplicates merged, devices outermost.
    public let environments: [RenderEnvironment]
    /// Every image in matrix order; file names are unique.
    public let jobs: [Job]

    /// Plans `document` over `matrix`.
    /// - Parameters:
    ///   - document: the flow spec to render.
    ///   - matrix: the devices, schemes, type sizes and locales to render it in.
    ///   - format: the image files' format (default PNG).
    ///   - storage: limits the screens to the pages the flow still needs.
    ///   - maxImages: the cap (default `defaultMaxImages`), checked before anything is built.
    /// - Throws: `RenderPlanError.tooManyImages` naming the count and the cap.
    public init(
        _ document: FlowDocument, matrix: RenderMatrix, format: ImageFormat = .png,
        storage: (any OnboardingStorage)? = nil, maxImages: Int = RenderPlan.defaultMaxImages
    ) throws(RenderPlanError) {
        let screens = FlowPages.screens(document, storage: storage)
        try Self.checkSize(matrix: matrix, screens: screens.count, maxImages: maxImages)
        let environments = matrix.environments(locale: document.locale, localization: document.localization)
        let namingLocale = matrix.namesLocale(specLocale: document.locale)
        var jobs: [Job] = []
        jobs.reserveCapacity(environments.count * screens.count)
        var names = Set<String>()
        for (environmentIndex, environment) in environments.enumerated() {
            let cost = environment.pixelWidth * environment.pixelHeight
            for (screenIndex, screen) in screens.enumerated() {
                let name = RenderJob.fileName(
                    screen: screen.name, environment: environment, format: format, namingLocale: namingLocale)
                // Two environments that print the same (times closer than their text form)
                // would write one file twice: the first keeps it.
                guard names.insert(name).inserted else { continue }
                jobs.append(
                    Job(
                        order: environmentIndex * screens.count + screenIndex, screen: screenIndex,
                        environment: environmentIndex, fileName: name, cost: cost))
            }
        }
        self.screens = screens
        self.environments = environments
        self.jobs = jobs
    }

    /// Refuses a matrix of more than `maxImages` images for `screens` screens.
    /// - Throws: `RenderPlanError.tooManyImages`.
    public static func checkSize(matrix: RenderMatrix, screens: Int, maxImages: Int) throws(RenderPlanError) {
        let (count, overflow) = matrix.environmentCount.multipliedReportingOverflow(by: screens)
        let images = overflow ? Int.max : count
        guard images <= maxImages else {
            throw .tooManyImages(count: images, limit: maxImages, screens: screens, axes: matrix.axesDescription)
        }
    }

    /// The jobs of `shard`, in matrix order. Jobs are dealt largest cost first (matrix
    /// order breaks ties) to the shard with the least cost so far (the lowest index breaks
    /// ties), so shards are balanced by pixels drawn rather than by count, and every
    /// machine computes the same split from the same plan.
    public func jobs(in shard: RenderShard) -> [Job] {
        let byCost = jobs.indices.sorted { a, b in
            jobs[a].cost != jobs[b].cost ? jobs[a].cost > jobs[b].cost : jobs[a].order < jobs[b].order
        }
        var load = [Int](repeating: 0, count: shard.count)
        var mine: [Int] = []
        for index in byCost {
            var lightest = 0
            for candidate in 1..<shard.count where load[candidate] < load[lightest] { lightest = candidate }
            load[lightest] += jobs[index].cost
            if lightest == shard.index - 1 { mine.append(index) }
        }
        return mine.sorted().map { jobs[$0] }
    }
}
