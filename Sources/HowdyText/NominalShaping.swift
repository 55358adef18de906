import CHarfBuzz

/// The glyphs HarfBuzz gives a Han run of CJK Unified Ideographs (and the punctuation
/// between them, `isNominal`) in a context where its plan applies nothing
/// (`SpaceBoundaries.clustersAreIndependent`: no GSUB or GPOS lookup, no `kern`, AAT or
/// `fvar` table), read from the font's own functions instead of a whole `hb_shape`: then
/// HarfBuzz's result is, per character, the cmap's nominal glyph
/// (`hb_font_get_nominal_glyph`) at the font's horizontal advance
/// (`hb_font_get_glyph_h_advance`), with zero offsets, each character its own cluster,
/// and no unsafe-to-break flag. Both answers depend on the font alone, so each font
/// remembers them per character (`NominalGlyphs`).
///
/// Why each step of `hb_shape` changes nothing for these characters: they are assigned,
/// of canonical combining class 0 with no canonical decomposition, so normalisation keeps
/// each as it is and each starts a cluster (`RunShaper.startsCluster`); they are not
/// default ignorables, spaces or marks, so no hiding, space fallback, mark zeroing or
/// fallback mark positioning applies; the script's horizontal direction is left-to-right,
/// so nothing is reversed; with no lookup and none of those tables, nothing substitutes
/// or positions them; the font's functions are HarfBuzz's OpenType ones
/// (`hb_ot_font_set_funcs`), which have no horizontal origin to subtract. Not a guess:
/// `NominalShapingTests` compares it with `hb_shape` for every character it takes in the
/// bundled CJK face at three sizes, with and without synthetic bold, and whole layouts
/// with layouts HarfBuzz shaped.
enum NominalShaping {
    /// The characters taken: CJK Unified Ideographs and Extension A
    /// (`Itemization.isUnifiedIdeograph`), and the punctuation of Chinese and Japanese
    /// prose 、。「」『』 and fullwidth ！，：；？ (U+3001, U+3002, U+300C–U+300F, U+FF01,
    /// U+FF0C, U+FF1A, U+FF1B, U+FF1F): like the ideographs, each has no canonical
    /// decomposition, combining class 0, is no space, mark or default ignorable, and
    /// starts a cluster.
    @inline(__always)
    static func isNominal(_ unit: UInt16) -> Bool {
        if Itemization.isUnifiedIdeograph(UInt32(unit)) { return true }
        switch unit {
        case 0x3001, 0x3002, 0x300C...0x300F, 0xFF01, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF1F: return true
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
                run.glyphs.appendInPlace(count) { $0.update(from: glyphs.baseAddress!, count: count) }
                run.advances.appendInPlace(count) { out in
                    guard strength != 0 else {
                        out.update(from: advances.baseAddress!, count: count)
                        return
                    }
                    for index in 0..<count {
                        // As `ShapingBuffer.shape` widens HarfBuzz's advances, saturating.
                        let advance = advances[index]
                        let (widened, overflow) = advance.addingReportingOverflow(strength)
                        out[index] = advance == 0 ? 0 : overflow ? Int32.max : widened
                    }
                }
                run.clusters.appendInPlace(count) { out in
                    // Offsets below `TextLimits.maximumUTF16Length`: the sums cannot wrap.
                    let first = Int32(truncatingIfNeeded: range.lowerBound)
                    for index in 0..<count { out[index] = first &+ Int32(truncatingIfNeeded: index) }
                }
                run.offsetsX.append(contentsOf: repeatElement(0, count: count))
                run.offsetsY.append(contentsOf: repeatElement(0, count: count))
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
