import Synchronization

/// Everything HowdyText keeps between calls, in one place and under one memory budget:
/// open font faces, HarfBuzz fonts, pooled ICU break iterators, the shaped-word cache
/// (with its space-boundary analyses), the fallback answers per scalar, fontconfig's
/// answers, hyphenation dictionaries, the interned feature lists, and ICU number
/// formats and plural rules. As cosmic-text's `FontSystem` does.
///
/// `TextSystem.shared` serves every call that names none, so existing code keeps its
/// behaviour. A test, or each `--jobs` worker, may own a system: fonts opened from it
/// (`font(named:size:)`, or `Font(face:size:system:)`) carry it, and every layout of
/// such a font reads and fills only its caches. Results are identical either way; only
/// what is kept differs.
///
/// The budget (`byteBudget`, default `defaultByteBudget`, 64 MiB) caps an estimate of
/// the bytes held: the word cache's glyph data as it counts it, each face at its font
/// file's size (the file is memory-mapped; that is the most it can make resident), and
/// a fixed estimate per HarfBuzz font (4 KiB), break iterator (16 KiB), hyphenation
/// dictionary (1 MiB: the German one is 1 MB), ICU formatter (8 KiB) and space-boundary analysis
/// (2 KiB per sized font, 64 KiB per face and context for the lookup analysis they
/// share). The word cache may hold at most half the budget. When the total passes the
/// budget, caches are emptied in order until it fits: answers that are cheap to find
/// again first (space boundaries, fallback and fontconfig answers), then shaped words,
/// idle break iterators, ICU formatters, hyphenation dictionaries, HarfBuzz fonts and
/// faces. Emptying never invalidates a value in use: a `Font` keeps its face and
/// HarfBuzz font alive, a layout keeps what it was made from.
///
/// Two things stay process-wide: the bundled fallback chains (`FontFallback.bundled`),
/// whose faces open once through `shared`, and the pool of HarfBuzz shaping buffers,
/// which is scratch memory (at most 16 idle buffers per thread stripe, each under
/// 4096 UTF-16 units), not a cache of results.
///
/// Thread-safe. Reads that layout makes per run (the word cache, space boundaries,
/// fallback answers, HarfBuzz fonts, faces) lock only the calling thread's stripe
/// (`ThreadStripe`), and break iterators are pooled per stripe, so threads sharing a
/// system do not contend on it.
public final class TextSystem: Sendable {
    /// The system every call that names none uses.
    public static let shared = TextSystem()

    /// The default budget: 64 MiB (the bundled fonts are 23 MB, the word cache half of it
    /// at most).
    public static let defaultByteBudget = 64 << 20

    private let budget: Atomic<Int>

    /// Shaped words, bounded to half of `byteBudget` (see `WordShapeCache`).
    public let wordCache: WordShapeCache

    let faces = ReadMostly<[FaceKey: FontFace], Void>([:])
    let harfBuzzFonts = ReadMostly<[HarfBuzzFont.Key: HarfBuzzFont], Void>([:])
    let breakIterators = Striped<[BreakIterator.Key: [BreakIterator]]> { [:] }
    let fallbackRegular = FallbackChoices()
    let fallbackBold = FallbackChoices()
    let systemFontCoverage = ReadMostly<[UInt32: FontConfig.Match?], Void>([:])
    // pthread-based like every lock layout takes, so ThreadSanitizer sees the hand-offs.
    let hyphenation = ReadMostly<HyphenationDictionaries.State, Void>(HyphenationDictionaries.State())
    let featureSets = ReadMostly<FeatureTable, Void>(FeatureTable())

    struct FeatureTable {
        var ids: [[FontFeature]: Int] = [:]
        var next = 1
    }
    let numberFormats = LocaleKeyedCache<NumberFormat>()
    let pluralRules = LocaleKeyedCache<PluralRules>()

    struct FaceKey: Hashable {
        let device: UInt64
        let inode: UInt64
        let index: Int
    }

    /// Most faces kept open by file identity; past it the table starts over.
    static let maximumFaces = 256
    /// Most HarfBuzz fonts (face × size × variations × synthesis) kept.
    static let maximumHarfBuzzFonts = 512

    /// A system with empty caches under `byteBudget` bytes (negative counts as 0: then
    /// nothing is kept past the call that made it).
    public init(byteBudget: Int = TextSystem.defaultByteBudget) {
        let budget = max(0, byteBudget)
        self.budget = Atomic(budget)
        wordCache = WordShapeCache(byteLimit: budget / 2)
        // The word cache grows on its own (a generation filled, an analysis built): it
        // asks for a trim then. Not weak: a weak reference gives the system a side table,
        // which sends every retain and release of it (a layout makes several, through its
        // fonts) down the runtime's slow path. Unowned(unsafe) is sound because the
        // caches call these under their `onGrowth` locks and `deinit` clears them under
        // the same locks: a call either finishes before deinit goes on, or finds nil.
        wordCache.onGrowth.withLock { $0 = { [unowned(unsafe) self] in self.trim() } }
        fallbackRegular.onGrowth.withLock { $0 = { [unowned(unsafe) self] in self.trim() } }
        fallbackBold.onGrowth.withLock { $0 = { [unowned(unsafe) self] in self.trim() } }
    }

    deinit {
        wordCache.onGrowth.withLock { $0 = nil }
        fallbackRegular.onGrowth.withLock { $0 = nil }
        fallbackBold.onGrowth.withLock { $0 = nil }
    }

    /// The memory budget in bytes (see the type). Setting it empties caches until the
    /// estimate fits, and bounds the word cache to half of it.
    public var byteBudget: Int {
        get { budget.load(ordering: .relaxed) }
        set {
            let value = max(0, newValue)
            budget.store(value, ordering: .relaxed)
            wordCache.setByteLimit(value / 2)
            trim()
        }
    }

    /// The estimate of bytes held now, as the budget counts them.
    public var bytes: Int { usage.values.reduce(0, +) }

    /// The estimate of bytes held, per cache: `faces`, `harfBuzzFonts`, `breakIterators`,
    /// `words`, `spaceBoundaries`, `answers` (fallback and fontconfig), `hyphenation`,
    /// `formatters` (ICU number formats and plural rules).
    public var usage: [String: Int] {
        var iterators = 0
        breakIterators.forEach { pool in iterators += pool.values.reduce(0) { $0 + $1.count } }
        return [
            "faces": faces.read { $0.pointee.values.reduce(0) { $0 + $1.fileSize } },
            "harfBuzzFonts": harfBuzzFonts.read { $0.pointee.count } * 4096,
            "breakIterators": iterators * 16384,
            "words": wordCache.statistics.bytes + wordCache.segments.bytes,
            "spaceBoundaries": wordCache.spaceBoundaryCount * 2048
                + wordCache.spaceAnalyses.count * SpaceAnalyses.estimatedBytes,
            "answers": fallbackRegular.bytes + fallbackBold.bytes + systemFontCoverage.read { $0.pointee.count } * 16,
            "hyphenation": hyphenation.read { $0.pointee.loaded.count } << 20,
            "formatters": (numberFormats.count + pluralRules.count) * 8192,
        ]
    }

    /// Empties every cache (values in use stay alive with their users).
    public func removeAll() {
        for stage in EvictionStage.allCases { evict(stage) }
    }

    /// Empties caches, cheapest to refill first, until the estimate fits the budget.
    func trim() {
        let limit = byteBudget
        guard bytes > limit else { return }
        for stage in EvictionStage.allCases {
            evict(stage)
            if bytes <= limit { return }
        }
    }

    private enum EvictionStage: CaseIterable {
        case answers, words, breakIterators, formatters, hyphenation, harfBuzzFonts, faces
    }

    private func evict(_ stage: EvictionStage) {
        switch stage {
        case .answers:
            wordCache.removeSpaceBoundaries()
            fallbackRegular.removeAll()
            fallbackBold.removeAll()
            systemFontCoverage.write { $0.removeAll() }
        case .words: wordCache.removeAll()
        case .breakIterators: breakIterators.forEach { $0.removeAll() }
        case .formatters:
            numberFormats.removeAll()
            pluralRules.removeAll()
        case .hyphenation: hyphenation.write { $0 = HyphenationDictionaries.State() }
        case .harfBuzzFonts: harfBuzzFonts.write { $0.removeAll() }
        case .faces: faces.write { $0.removeAll() }
        }
    }

    /// A font by name from this system's caches (see `Font.init(named:size:variations:)`).
    /// - Throws: as `Font.init(named:size:variations:)`.
    public func font(named name: String, size: Double, variations: [FontVariation] = []) throws -> Font {
        try Font(face: FontLibrary.face(named: name, system: self), size: size, variations: variations, system: self)
    }

    /// The face at `index` of the font file at `path`, opened once per file identity in
    /// this system (see `FontFace.open(path:index:)`, which uses `shared`).
    /// - Throws: as `FontFace.open(path:index:)`.
    public func face(path: String, index: Int = 0) throws -> FontFace {
        try FontFace.open(path: path, index: index, system: self)
    }

    /// The face cached under `key`, or `open()`'s, then kept.
    func face(_ key: FaceKey, open: () throws -> FontFace) rethrows -> FontFace {
        if let face = faces.read({ $0.pointee[key] }) { return face }
        let face = try open()
        let kept = faces.write { cached in
            if let existing = cached[key] { return existing }
            if cached.count >= Self.maximumFaces { cached.removeAll(keepingCapacity: true) }
            cached[key] = face
            return face
        }
        trim()
        return kept
    }

    /// The HarfBuzz font cached under `key`, or `make()`'s, then kept.
    func harfBuzzFont(_ key: HarfBuzzFont.Key, make: () -> HarfBuzzFont) -> HarfBuzzFont {
        if let font = harfBuzzFonts.read({ $0.pointee[key] }) { return font }
        let font = make()
        let kept = harfBuzzFonts.write { cached in
            if let existing = cached[key] { return existing }
            // Bound the cache: a tool sweeping sizes must not grow memory without end.
            if cached.count >= Self.maximumHarfBuzzFonts { cached.removeAll(keepingCapacity: true) }
            cached[key] = font
            return font
        }
        trim()
        return kept
    }

    /// The fallback answers this system keeps for `chain` when it is one of the
    /// process's bundled chains; nil otherwise.
    func fallbackChoices(for chain: FontFallback) -> FallbackChoices? {
        switch FallbackChoices.bundledKind(of: chain) {
        case .regular: fallbackRegular
        case .bold: fallbackBold
        case nil: nil
        }
    }

    /// A small id for `features`, equal for equal lists (0 for none), for word-cache keys.
    func featureSetID(of features: [FontFeature]) -> Int {
        if features.isEmpty { return 0 }
        if let id = featureSets.read({ $0.pointee.ids[features] }) { return id }
        return featureSets.write { table in
            if let id = table.ids[features] { return id }
            // A process that invents feature lists without end must not grow this forever;
            // ids stay unique because the counter only grows.
            let id = table.next
            table.next += 1
            if table.ids.count > 4096 { table.ids = [:] }
            table.ids[features] = id
            return id
        }
    }

    /// An installed font covering `scalar` (fontconfig), remembered per scalar.
    func systemFont(covering scalar: Unicode.Scalar) -> FontConfig.Match? {
        if let known = systemFontCoverage.read({ $0.pointee[scalar.value] }) { return known }
        let found = FontConfig.match(covering: scalar)
        systemFontCoverage.write { cached in
            if cached.count >= 16384 { cached.removeAll(keepingCapacity: true) }
            cached[scalar.value] = .some(found)
        }
        trim()
        return found
    }
}
