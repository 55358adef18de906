import CHarfBuzz

/// The glyphs HarfBuzz gives a Han run of CJK Unified Ideographs (and the punctuation
/// between them, `isNominal`) in a context where its plan
/// applies nothing (`SpaceBoundaries.clustersAreIndependent`: no GSUB or GPOS lookup, no
/// `kern`, AAT or `fvar` table), read from the font's own functions instead of a whole
/// `hb_shape`: then HarfBuzz's result is, per character, the cmap's nominal glyph
/// (`hb_font_get_nominal_glyphs`) at the font's horizontal advance
/// (`hb_font_get_glyph_h_advances`), with zero offsets, each character its own cluster,
/// and no unsafe-to-break flag.
///
/// Why each step of `hb_shape` changes nothing for these characters (`isNominal`): they
/// are assigned, of canonical combining class 0 with no canonical decomposition, so
/// normalisation keeps each as it is and each starts a cluster (`RunShaper.startsCluster`);
/// they are not default ignorables, spaces or marks, so no hiding, space fallback, mark
/// zeroing or fallback mark positioning applies; the script's horizontal direction is
/// left-to-right, so nothing is reversed; with no lookup and none of those tables, nothing
/// substitutes or positions them; the font's functions are HarfBuzz's OpenType ones
/// (`hb_ot_font_set_funcs`), which have no horizontal origin to subtract. Not a cache and
/// not a guess: `NominalShapingTests` compares it with `hb_shape` for every ideograph in
/// the bundled faces, and whole layouts with layouts shaped by HarfBuzz.
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
        for unit in text[range] where !isNominal(unit) { return false }
        let handle = font.instance.handle
        let strength = font.emboldenStrength << Int32(font.instance.fineShift)
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * count) { scratch in
            let scalars = scratch.baseAddress!
            let glyphs = scalars + count
            for index in 0..<count { scalars[index] = UInt32(text[range.lowerBound + index]) }
            let stride = UInt32(MemoryLayout<UInt32>.stride)
            // Stops at the first character the font lacks (HarfBuzz would show .notdef).
            let found = hb_font_get_nominal_glyphs(handle, UInt32(count), scalars, stride, glyphs, stride)
            guard found == count else { return false }
            run.glyphs.appendInPlace(count) { out in
                for index in 0..<count { out[index] = glyphs[index] }
            }
            run.clusters.appendInPlace(count) { out in
                for index in 0..<count { out[index] = Int32(range.lowerBound + index) }
            }
            run.advances.appendInPlace(count) { out in
                hb_font_get_glyph_h_advances(
                    handle, UInt32(count), glyphs, stride, out, UInt32(MemoryLayout<hb_position_t>.stride))
                // As `ShapingBuffer.shape` widens HarfBuzz's advances, saturating.
                for index in 0..<count where out[index] != 0 {
                    let (widened, overflow) = out[index].addingReportingOverflow(strength)
                    out[index] = overflow ? Int32.max : widened
                }
            }
            run.offsetsX.appendInPlace(count) { _ in }
            run.offsetsY.appendInPlace(count) { _ in }
            return true
        }
    }
}
