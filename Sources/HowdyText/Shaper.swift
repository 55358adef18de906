import CHarfBuzz

/// The glyphs HarfBuzz produced for one run, as parallel arrays. Advances and offsets are
/// at the font's fine scale (`HarfBuzzFont.fineShift` bits below 26.6: 16.16 fixed point
/// up to 256 px), never rounded to 1/64 px per glyph, so that widths and pen positions
/// are sums of unrounded advances, as a browser's are. Glyphs are in
/// HarfBuzz's output order, which is visual: clusters ascend in a left-to-right
/// run and descend in a right-to-left one.
///
/// A `ShapedText` keeps the glyphs of all its runs in one of these (its glyph store,
/// runs one after another, each run's glyphs found by `TextRunGlyphs.glyphs`), so a
/// text costs five arrays, not five per run.
struct ShapedRun: Sendable {
    var start: Int
    var end: Int
    var level: UInt8
    var fontIndex: Int
    var glyphs: [UInt32] = []
    /// UTF-16 offset of each glyph's cluster in the whole text.
    var clusters: [Int32] = []
    /// x advances at the font's fine scale (see the type).
    var advances: [Int32] = []
    var offsetsX: [Int32] = []
    var offsetsY: [Int32] = []

    var isRightToLeft: Bool { level & 1 == 1 }

    /// Indices of the glyphs whose cluster lies in `lower..<upper`, found by binary
    /// search (clusters are monotonic within a run).
    func glyphRange(clustersFrom lower: Int, to upper: Int) -> Range<Int> {
        glyphRange(in: clusters.indices, rightToLeft: isRightToLeft, clustersFrom: lower, to: upper)
    }

    /// Indices in `glyphs` (one run's glyphs, in the given direction) of those whose
    /// cluster lies in `lower..<upper`.
    func glyphRange(in glyphs: Range<Int>, rightToLeft: Bool, clustersFrom lower: Int, to upper: Int) -> Range<Int> {
        func partition(_ isBefore: (Int32) -> Bool) -> Int {
            var low = glyphs.lowerBound
            var high = glyphs.upperBound
            while low < high {
                let mid = (low + high) / 2
                if isBefore(clusters[mid]) { low = mid + 1 } else { high = mid }
            }
            return low
        }
        if rightToLeft {
            return partition { $0 >= upper }..<partition { $0 >= lower }
        }
        return partition { $0 < lower }..<partition { $0 < upper }
    }
}

/// One run of a `ShapedText`: its UTF-16 range, bidi level, script and font, and the
/// range of its glyphs in the text's glyph store.
struct TextRunGlyphs: Sendable {
    var start: Int
    var end: Int
    var level: UInt8
    var script: hb_script_t
    var fontIndex: Int
    var glyphs: Range<Int>

    var isRightToLeft: Bool { level & 1 == 1 }
}

/// An owned hb_buffer_t, reused across the runs of one text (and, through
/// `ShapingBuffer.pooled()`, across texts). Used by one thread at a time.
final class ShapingBuffer: @unchecked Sendable {
    let handle: OpaquePointer
    /// The longest text (UTF-16 units) added so far: what HarfBuzz's arrays hold room for.
    private var longest = 0

    init() { handle = hb_buffer_create()! }
    deinit { hb_buffer_destroy(handle) }

    /// Idle buffers per thread stripe (`ThreadStripe`): a thread takes and returns its
    /// own, so threads shaping side by side do not meet at one pool's lock.
    private static let pool = Striped<[ShapingBuffer]> { [] }
    private static let poolLimit = 16
    /// Buffers that grew for texts longer than this are freed rather than pooled.
    private static let pooledLength = 4096

    /// A buffer from the pool, or a new one: HarfBuzz keeps its arrays between uses,
    /// so a pooled buffer shapes a typical text without allocating.
    static func pooled() -> ShapingBuffer {
        pool.withStripe { $0.popLast() } ?? ShapingBuffer()
    }

    /// Returns a buffer from `pooled()` for reuse.
    static func recycle(_ buffer: ShapingBuffer) {
        guard buffer.longest <= pooledLength else { return }
        hb_buffer_clear_contents(buffer.handle)
        pool.withStripe { pool in
            if pool.count < poolLimit { pool.append(buffer) }
        }
    }

    /// Shapes `range` of `text` with `font`. With `context`, the characters around the
    /// range inform shaping (Arabic joining across a font change, for instance); without
    /// it, the range is shaped as if it stood alone, as a line edge must be.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, context: Bool, level: UInt8,
        script: hb_script_t, language: hb_language_t?, font: Font, fontIndex: Int, features: [hb_feature_t]
    ) -> ShapedRun {
        var run = ShapedRun(start: range.lowerBound, end: range.upperBound, level: level, fontIndex: fontIndex)
        shape(
            text, range: range, context: context, level: level, script: script, language: language, font: font,
            features: features, appendingTo: &run)
        return run
    }

    /// `shape(_:range:context:level:script:language:font:fontIndex:features:)`, the glyphs
    /// appended to `run`'s arrays (a text's glyph store) instead of a new run's.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, context: Bool, level: UInt8,
        script: hb_script_t, language: hb_language_t?, font: Font, features: [hb_feature_t],
        appendingTo run: inout ShapedRun
    ) {
        var none = OffsetSet(capacity: 0)
        shape(
            text, range: range, context: context, level: level, script: script, language: language, font: font,
            features: features, appendingTo: &run, unsafe: &none, collectsUnsafe: false)
    }

    /// `shape(_:range:context:level:script:language:font:features:appendingTo:)` that also
    /// adds to `unsafe` the offsets `unsafeToBreakOffsets(base: 0, into:)` would, in the
    /// same walk over HarfBuzz's glyph infos that copies the clusters (a first-sight run
    /// otherwise walks them twice). Offsets are the clusters as HarfBuzz gives them: whole-
    /// text offsets with `context`, range-relative without.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, context: Bool, level: UInt8,
        script: hb_script_t, language: hb_language_t?, font: Font, features: [hb_feature_t],
        appendingTo run: inout ShapedRun, unsafe: inout OffsetSet
    ) {
        shape(
            text, range: range, context: context, level: level, script: script, language: language, font: font,
            features: features, appendingTo: &run, unsafe: &unsafe, collectsUnsafe: true)
    }

    private func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, context: Bool, level: UInt8,
        script: hb_script_t, language: hb_language_t?, font: Font, features: [hb_feature_t],
        appendingTo run: inout ShapedRun, unsafe: inout OffsetSet, collectsUnsafe: Bool
    ) {
        hb_buffer_clear_contents(handle)
        longest = max(longest, context ? text.count : range.count)
        if context {
            hb_buffer_add_utf16(
                handle, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        } else {
            hb_buffer_add_utf16(handle, text.baseAddress! + range.lowerBound, Int32(range.count), 0, Int32(range.count))
        }
        hb_buffer_set_direction(handle, level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(handle, script)
        if let language { hb_buffer_set_language(handle, language) }
        hb_buffer_set_cluster_level(handle, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        // No HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT: HarfBuzz sets that flag on every
        // glyph a kerning lookup merely tried, so it cannot tell which words to cache
        // (`SpaceBoundaries` asks the lookups instead), and producing it costs shaping
        // time. Unsafe-to-break flags, which lines need, come either way.
        hb_buffer_set_flags(handle, HB_BUFFER_FLAG_DEFAULT)
        features.withUnsafeBufferPointer { list in
            hb_shape(font.instance.handle, handle, list.baseAddress, UInt32(list.count))
        }

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(handle, &count)!
        let positions = hb_buffer_get_glyph_positions(handle, &count)!
        let glyphCount = Int(count)
        guard glyphCount > 0 else { return }
        run.reserve(glyphCount)
        let base = Int32(context ? 0 : range.lowerBound)
        // Synthetic bold widens every glyph that advances (marks and joiners stay 0).
        let strength = font.emboldenStrength << Int32(font.instance.fineShift)
        // Each array grows once (`reserve` above) and is written in place, field by field,
        // each slot once (`GlyphIDColumn`): five appends per glyph, each checking capacity
        // and uniqueness, cost a tenth of a first-sight text's layout (every run of a new
        // text comes through here).
        run.glyphs.append(contentsOf: GlyphIDColumn(infos: infos, count: glyphCount))
        run.clusters.append(
            contentsOf: GlyphPositionColumn(
                infos: infos, positions: positions, count: glyphCount, field: .cluster(base: base)))
        if collectsUnsafe {
            let unsafeBreak = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
            for index in 0..<glyphCount where infos[index].mask & unsafeBreak != 0 {
                unsafe.insert(Int(infos[index].cluster))
            }
        }
        run.advances.append(
            contentsOf: GlyphPositionColumn(
                infos: infos, positions: positions, count: glyphCount, field: .advance(strength: strength)))
        run.offsetsX.append(
            contentsOf: GlyphPositionColumn(infos: infos, positions: positions, count: glyphCount, field: .offsetX))
        run.offsetsY.append(
            contentsOf: GlyphPositionColumn(infos: infos, positions: positions, count: glyphCount, field: .offsetY))
    }

    /// UTF-16 offsets where HarfBuzz says breaking the line would change the shaping
    /// (HB_GLYPH_FLAG_UNSAFE_TO_BREAK on the glyph starting that cluster), from the
    /// last `shape` call.
    func unsafeToBreakOffsets(base: Int, into offsets: inout OffsetSet) {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(handle, &count) else { return }
        for index in 0..<Int(count) where infos[index].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 {
            offsets.insert(Int(infos[index].cluster) + base)
        }
    }
}
