import CHarfBuzz

/// The glyphs HarfBuzz gives a run of Han ideographs or kana (and the punctuation
/// between them, `isNominal`) in a context where its plan applies nothing
/// (`SpaceBoundaries.clustersAreIndependent`: no GSUB or GPOS lookup, no `kern`, AAT or
/// `fvar` table), read from the font's own functions instead of a whole `hb_shape`: then
/// HarfBuzz's result is, per character, the cmap's nominal glyph
/// (`hb_font_get_nominal_glyph`) at the font's horizontal advance
/// (`hb_font_get_glyph_h_advance`), with zero offsets, each character its own cluster,
/// and no unsafe-to-break flag. Both answers depend on the font alone, so each font
/// remembers them per character (`NominalGlyphs`).
///
/// Why each step of `hb_shape` changes nothing for these characters: they are assigned
/// and of canonical combining class 0, so each starts a cluster
/// (`RunShaper.startsCluster`); normalisation keeps each as it is: most have no
/// canonical decomposition, and the voiced kana that have one (が = か + U+3099) are kept
/// whole because the font maps them (HarfBuzz's normaliser, in the mode a plan without
/// GPOS marks uses, keeps a character the font has a glyph for, and there is no mark
/// after it to compose with; a font that lacks one declines the shortcut); they are not
/// default ignorables, spaces or marks, so no hiding, space fallback, mark zeroing or
/// fallback mark positioning applies; Han, Hiragana and Katakana are shaped by
/// HarfBuzz's default shaper, left to right, so nothing is reversed or mirrored; with no
/// lookup and none of those tables, nothing substitutes or positions them; the font's
/// functions are HarfBuzz's OpenType ones (`hb_ot_font_set_funcs`), which have no
/// horizontal origin to subtract. Not a guess: `NominalShapingTests` compares it with
/// `hb_shape` for every character it takes in the bundled CJK face, in each of the three
/// scripts' contexts, at three sizes, with and without synthetic bold, and whole layouts
/// with layouts HarfBuzz shaped.
enum NominalShaping {
    /// True for the scripts whose left-to-right runs `RunShaper` offers the shortcut:
    /// Han, Hiragana and Katakana (HarfBuzz's default shaper; not Hangul, whose shaper
    /// composes jamo, nor Bopomofo, whose characters are not listed).
    @inline(__always)
    static func takes(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_HAN || script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA
    }

    /// The characters taken: CJK Unified Ideographs and Extension A
    /// (`Itemization.isUnifiedIdeograph`); the hiragana ぁ–ゖ and iteration marks ゝゞ
    /// (U+3041–U+3096, U+309D, U+309E); the katakana ァ–ヺ, the middle dot, the
    /// prolonged sound mark and the iteration marks ・ーヽヾ (U+30A1–U+30FE); and the
    /// punctuation of Chinese and Japanese prose 、。々「」『』〈〉《》【】〔〕〜 and fullwidth
    /// ！（），：；？ (U+3001, U+3002, U+3005, U+3008–U+3011, U+3014, U+3015, U+301C, U+FF01,
    /// U+FF08, U+FF09, U+FF0C, U+FF1A, U+FF1B, U+FF1F). Each has combining class 0 and
    /// is no space, mark or default ignorable, and starts a cluster. Not the combining
    /// voiced marks U+3099 and U+309A, nor halfwidth katakana (their voiced marks are
    /// separate characters).
    @inline(__always)
    static func isNominal(_ unit: UInt16) -> Bool {
        if Itemization.isUnifiedIdeograph(UInt32(unit)) { return true }
        switch unit {
        case 0x3041...0x3096, 0x309D, 0x309E, 0x30A1...0x30FE: return true
        case 0x3001, 0x3002, 0x3005, 0x3008...0x3011, 0x3014, 0x3015, 0x301C: return true
        case 0xFF01, 0xFF08, 0xFF09, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF1F: return true
        default: return false
        }
    }

    /// Appends to `run` the glyphs of `range` (a left-to-right run of `text` in `font`, whose
    /// plan applies nothing) as `ShapingBuffer.shape` with context would: clusters are
    /// whole-text offsets, advances at the font's fine scale with synthetic bold's
    /// widening. False, with `run` unchanged, when a unit of the range is not one of
    /// `isNominal`'s or the font lacks one: the caller shapes the run with HarfBuzz then.
    static func append(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: Font, to run: inout ShapedRun
    ) -> Bool {
        let count = range.count
        guard count > 0, count <= TextLimits.maximumUTF16Length else { return count == 0 }
        let instance = font.instance
        let strength = font.emboldenStrength << Int32(instance.fineShift)
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { glyphs in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { advances in
                // One pass looks each unit up (and checks it is one of `isNominal`'s).
                guard
                    instance.nominalGlyphs.look(
                        up: UnsafeBufferPointer(rebasing: text[range]), font: instance.handle,
                        glyphs: glyphs.baseAddress!, advances: advances.baseAddress!)
                else { return false }
                if strength != 0 {
                    for index in 0..<count {
                        // As `ShapingBuffer.shape` widens HarfBuzz's advances, saturating.
                        let advance = advances[index]
                        let (widened, overflow) = advance.addingReportingOverflow(strength)
                        advances[index] = advance == 0 ? 0 : overflow ? Int32.max : widened
                    }
                }
                // Each column is appended from a buffer (a copy), not grown with zeros
                // first and written over (as `ShapingBuffer` once was): the zero fill goes
                // through the standard library's element-by-element `Repeated` copy, which
                // cost more than the look-up (callgrind, about 1.1k instructions per 80 ideographs).
                // Not in place (`InPlaceElements`) either: the compiler gave each of those
                // closures a heap context here, one allocation per column.
                run.glyphs.append(contentsOf: UnsafeBufferPointer(glyphs))
                run.advances.append(contentsOf: UnsafeBufferPointer(advances))
                // Offsets below `TextLimits.maximumUTF16Length`: the sums cannot wrap.
                let first = Int32(truncatingIfNeeded: range.lowerBound)
                for index in 0..<count { advances[index] = first &+ Int32(truncatingIfNeeded: index) }
                run.clusters.append(contentsOf: UnsafeBufferPointer(advances))
                advances.update(repeating: 0)
                run.offsetsX.append(contentsOf: UnsafeBufferPointer(advances))
                run.offsetsY.append(contentsOf: UnsafeBufferPointer(advances))
                return true
            }
        }
    }
}

/// One font's nominal glyph and horizontal advance per BMP character asked for by
/// `NominalShaping`, as `hb_font_get_nominal_glyph` and `hb_font_get_glyph_h_advances`
/// answer them (both are functions of the font alone: its cmap and hmtx at its scale),
/// in a direct-mapped table: a character met again costs a load and a compare instead
/// of a cmap search and an hmtx read. A collision only forgets an answer (it is asked
/// again). 4,096 entries (32 KiB) per thread stripe that uses it, made on first use; one
/// uncontended lock per run. A stripe per thread (`Striped`, a pthread mutex each) rather
/// than one `Synchronization.Mutex`: threads laying out Han text side by side neither
/// wait for each other nor hand a lock over through a kernel futex, which ThreadSanitizer
/// cannot see (bindings/c/tests/tsan.supp says why that matters).
final class NominalGlyphs: Sendable {
    /// Entry: the character (high 16 bits, 0 when empty: U+0000 is never asked for), the
    /// glyph (next 16: TrueType glyph ids fit) and the advance's bit pattern (low 32).
    private let table = Striped<[UInt64]> { [] }
    private static let size = 4096

    /// Writes the glyph and advance of each unit of `units` (BMP characters) to `glyphs`
    /// and `advances`. False when a unit is not one of `NominalShaping.isNominal`'s or
    /// `font` lacks one of them (what was written is then meaningless). Only such units
    /// are ever stored, so a unit found in the table needs no `isNominal` test: only a
    /// miss asks it.
    func look(
        up units: UnsafeBufferPointer<UInt16>, font: OpaquePointer, glyphs: UnsafeMutablePointer<UInt32>,
        advances: UnsafeMutablePointer<Int32>
    ) -> Bool {
        table.withStripe { table in
            if table.isEmpty { table = [UInt64](repeating: 0, count: Self.size) }
            return table.withUnsafeMutableBufferPointer { entries in
                let entries = entries.baseAddress!
                for index in units.indices {
                    let unit = units[index]
                    let slot = Int(unit) & (Self.size - 1)
                    let entry = entries[slot]
                    // U+0000 is never nominal, so an empty entry (0) never matches it: it
                    // misses and is declined below.
                    if entry >> 48 == UInt64(unit), unit != 0 {
                        glyphs[index] = UInt32(truncatingIfNeeded: entry >> 32) & 0xFFFF
                        advances[index] = Int32(bitPattern: UInt32(truncatingIfNeeded: entry))
                        continue
                    }
                    guard NominalShaping.isNominal(unit) else { return false }
                    var glyph: hb_codepoint_t = 0
                    guard hb_font_get_nominal_glyph(font, UInt32(unit), &glyph) != 0, glyph <= 0xFFFF else {
                        return false
                    }
                    let advance = hb_font_get_glyph_h_advance(font, glyph)
                    glyphs[index] = glyph
                    advances[index] = advance
                    entries[slot] =
                        UInt64(unit) << 48 | UInt64(glyph) << 32 | UInt64(UInt32(bitPattern: advance))
                }
                return true
            }
        }
    }
}
