import CHarfBuzz
import CHowdyICU

/// A maximal range of text shaped in one HarfBuzz call: one bidi level, one script,
/// one font. Offsets are UTF-16.
struct TextRun {
    var start: Int
    var end: Int
    var level: UInt8
    var script: hb_script_t
    /// Index into `Itemization.fonts` (0 is the primary font).
    var fontIndex: Int

    var isRightToLeft: Bool { level & 1 == 1 }
}

/// Splits text into runs by bidi level, script (UAX #24, with Common and Inherited
/// characters joining the run around them) and font (per-cluster fallback).
struct Itemization {
    var runs: [TextRun] = []
    var fonts: [Font]
    /// Fallback faces that could not be opened while looking for a character that then
    /// fell to the primary font's missing glyph, each once (`TextLayout.fontFailures`).
    var fontFailures: [TextError] = []

    /// `remembers`: whether a character's font is kept per text and scalar once found
    /// (`ScalarMemo`); false asks again for every character, for tests that compare the two.
    init(
        text: UnsafeBufferPointer<UInt16>, bidi: BidiLevels, primary: Font,
        fallback makeFallback: @autoclosure () -> FontFallback, remembers: Bool = true
    ) throws {
        fonts = [primary]
        let count = text.count
        if bidi.levels.isEmpty, let script = Self.asciiScript(text, primary: primary) {
            if count > 0 { runs = [TextRun(start: 0, end: count, level: 0, script: script, fontIndex: 0)] }
            return
        }
        let fallback = makeFallback()
        // Room for a few fallback faces, so that the first ones added do not regrow it.
        fonts.reserveCapacity(4)
        // Recognised once per text, not per new character.
        let choices = primary.system.fallbackChoices(for: fallback)

        // Pass 1: decide script and font for every scalar. Both answers per unit in one
        // temporary allocation (on the stack when it fits), not two arrays: each array
        // cost an allocation, a fill through the standard library and a release.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * count) { answers in
            let fontOf = UnsafeMutableBufferPointer(rebasing: answers[0..<count])
            let scriptOf = UnsafeMutableBufferPointer(rebasing: answers[count..<(2 * count)])
            fontOf.initialize(repeating: 0)
            scriptOf.initialize(repeating: Int32(HOWDY_SCRIPT_COMMON))
            itemize(
                text, bidi: bidi, primary: primary, fallback: fallback, choices: choices, remembers: remembers,
                fontOf: fontOf, scriptOf: scriptOf)
        }
    }

    /// Both passes of `init`, over its per-unit answers `fontOf` and `scriptOf` (filled
    /// with 0 and Common): pass 1 decides every unit's font and script, pass 2 cuts runs.
    // swiftlint:disable:next function_parameter_count function_body_length
    private mutating func itemize(
        _ text: UnsafeBufferPointer<UInt16>, bidi: BidiLevels, primary: Font, fallback: FontFallback,
        choices: FallbackChoices?, remembers: Bool,
        fontOf: UnsafeMutableBufferPointer<Int32>, scriptOf: UnsafeMutableBufferPointer<Int32>
    ) {
        let count = text.count
        var faceSlots = FaceSlots(primary: primary.face)
        // Read once: `fonts[0].face` per character retained and released both.
        let primaryFace = primary.face
        var index = 0
        var previousFont: Int32 = 0
        var previousScalar: UInt32 = 0
        var currentScript = Int32(HOWDY_SCRIPT_COMMON)
        var firstRealScript: Int32?
        var ascii = ASCIICoverage()
        // The chain's answers known before this text, read once (see `KnownChoices`); the
        // per-unit answers written through buffers, with no uniqueness check per unit.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: choices == nil ? 0 : count) { codes in
            codes.initialize(repeating: 0)
            var known = KnownChoices(faces: choices?.known(in: text, into: codes) ?? [])
            withUnsafeTemporaryAllocation(of: ScalarMemo.Entry.self, capacity: ScalarMemo.capacity) { table in
                let kindsSize = StretchEntry.tableSize
                withUnsafeTemporaryAllocation(of: StretchEntry.self, capacity: kindsSize) { kinds in
                    // Emptied when first needed (`plainStretch`): a Chinese text of
                    // ideographs alone never reads it, and the 3 KiB fill cost it
                    // about 3 % of its itemisation.
                    var kindsReady = false
                    var memo = ScalarMemo(table, enabled: remembers)
                    // Each scalar is decoded once: this one's `next` is the following one.
                    var following = count > 0 ? Self.decode(text, at: 0) : (0, 0)
                    // Plain stretches (see `plainStretch`) only with answers known and
                    // remembering on: `remembers: false` walks every character, which
                    // the tests compare with.
                    let stretches = remembers && !codes.isEmpty
                    let primaryWords = primaryFace.blocks.exact.words
                    let primaryIsColor = primaryFace.isColor
                    // Before the first unit: never read, as nothing joins the first unit.
                    let noFont = StretchFont(font: -1, words: primaryWords, isColor: false)
                    let han = Int32(howdy_scalar_properties(0x4E00) & UInt32(HOWDY_PROPERTY_SCRIPT_MASK))
                    /// A font slot's facts for the stretch, read from `fonts`.
                    func described(_ font: Int32) -> StretchFont {
                        let face = fonts[Int(font)].face
                        return StretchFont(font: font, words: face.blocks.exact.words, isColor: face.isColor)
                    }
                    while index < count {
                        // Every script (a high surrogate always ends a stretch at once, so
                        // emoji are not tried).
                        if stretches, text[index] & 0xFC00 != 0xD800 {
                            let stretched = Self.plainStretch(
                                text, from: index, codes: UnsafeBufferPointer(codes), kinds: kinds,
                                kindsReady: &kindsReady,
                                primary: primaryWords, primaryIsColor: primaryIsColor,
                                previous: index > 0 ? described(previousFont) : noFont,
                                fontOf: fontOf, scriptOf: scriptOf, script: &currentScript,
                                firstRealScript: &firstRealScript, han: han,
                                slot: { code in
                                    known.slot(Int(code) - 1) {
                                        Self.slot(for: $0, fonts: &fonts, slots: &faceSlots, made: choices)
                                    }
                                },
                                describe: described)
                            if stretched > index {
                                index = stretched
                                previousFont = fontOf[index - 1]
                                previousScalar = UInt32(text[index - 1])
                                following = index < count ? Self.decode(text, at: index) : (0, 0)
                                continue
                            }
                        }
                        let (scalar, width) = following
                        following = index + width < count ? Self.decode(text, at: index + width) : (0, 0)
                        let next = following.0

                        let script: Int32
                        // ICU's answers for the scalar, from the process-wide table (unused for ASCII).
                        let properties: UInt32
                        if scalar < 0x80 {
                            let isLetter = (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A
                            script = isLetter ? Int32(HOWDY_SCRIPT_LATIN) : Int32(HOWDY_SCRIPT_COMMON)
                            properties = 0
                        } else {
                            properties = howdy_scalar_properties(scalar)
                            script = Int32(properties & UInt32(HOWDY_PROPERTY_SCRIPT_MASK))
                        }
                        if script > Int32(HOWDY_SCRIPT_INHERITED) {
                            currentScript = script
                            if firstRealScript == nil { firstRealScript = script }
                        }

                        let code = codes.isEmpty ? 0 : codes[index]
                        let font: Int32
                        let plain = Self.isPlainAnswered(scalar, properties: properties, next: next, code: code)
                        if plain, let remembered = memo.font(of: scalar) {
                            // A plain character's font depends on the scalar alone, and the
                            // memo holds only such answers (`chooseFont` keeps one for every
                            // scalar no variation selector follows): asked again, it costs no
                            // cmap lookup in the primary face (an hb_set search per character
                            // of a Hebrew or Thai text, which the primary font lacks).
                            font = remembered
                        } else if plain, !primaryFace.hasGlyph(scalar) {
                            // What `chooseFont` answers for it, without its walk (see `isPlainAnswered`).
                            font = known.slot(Int(code) - 1) {
                                Self.slot(for: $0, fonts: &fonts, slots: &faceSlots, made: choices)
                            }
                            memo.setFont(font, of: scalar)
                        } else if index > 0, previousFont != 0, scalar <= 0x20 || scalar == 0x7F,
                            let remembered = memo.font(joining: scalar, after: previousFont)
                        {
                            // White space or a control after a fallback font's cluster (the
                            // space between two Hebrew words): `chooseFont`'s answer depends
                            // on that font and the scalar alone (`joinsPrevious` holds for
                            // any ASCII one whatever came before), so it is asked once per
                            // text, not once per space with a cmap lookup each.
                            font = remembered
                        } else {
                            font = Self.chooseFont(
                                scalar: scalar, properties: properties, next: next, previous: previousScalar,
                                previousFont: previousFont, isFirst: index == 0, fonts: &fonts,
                                slots: &faceSlots, fallback: fallback, choices: choices, code: code,
                                known: &known, ascii: &ascii, memo: &memo, failures: &fontFailures)
                            if index > 0, previousFont != 0, scalar <= 0x20 || scalar == 0x7F {
                                memo.setFont(font, joining: scalar, after: previousFont)
                            }
                        }
                        for unit in index..<(index + width) {
                            fontOf[unit] = font
                            scriptOf[unit] = currentScript
                        }
                        previousFont = font
                        previousScalar = scalar
                        index += width
                    }
                }
            }
        }
        // Leading Common characters take the first real script of the text. They are the
        // only Common ones: once a real script is met, every unit takes the latest one.
        if let first = firstRealScript {
            for unit in 0..<count {
                guard scriptOf[unit] == Int32(HOWDY_SCRIPT_COMMON) else { break }
                scriptOf[unit] = first
            }
        }

        // Pass 2: cut runs where level, script or font changes.
        var start = 0
        // A text holds a handful of scripts: a short list, searched linearly.
        var hbScripts = ScriptCodes()
        // Through buffers: this walk is per unit (no levels means every level is 0).
        bidi.levels.withUnsafeBufferPointer { levels in
            let leveled = !levels.isEmpty
            while start < count {
                let level = leveled ? levels[start] : 0
                let script = scriptOf[start]
                let font = fontOf[start]
                var end = start + 1
                if leveled {
                    while end < count, levels[end] == level, scriptOf[end] == script, fontOf[end] == font {
                        end += 1
                    }
                } else {
                    // Most texts (all left-to-right ones): two compares per unit.
                    while end < count, scriptOf[end] == script, fontOf[end] == font { end += 1 }
                }
                runs.append(
                    TextRun(
                        start: start, end: end, level: level, script: hbScripts.script(script),
                        fontIndex: Int(font)))
                start = end
            }
        }
    }

    /// The script of the one run that the general passes would make of `text`, when it
    /// is all ASCII that the primary font covers (white space and controls after the
    /// first character need no coverage: they join the primary font's cluster before
    /// them): Latin when it holds a letter, Common otherwise. Nil when the general
    /// passes are needed. The caller has checked that every bidi level is 0.
    static func asciiScript(_ text: UnsafeBufferPointer<UInt16>, primary: Font) -> hb_script_t? {
        // One pass collects the characters that need coverage; each distinct one is then
        // looked up once.
        guard let first = text.first, first < 0x80 else { return text.isEmpty ? common : nil }
        // ASCII 0–63 and 64–127 in two words, every unit's bit set without a branch (a
        // unit past ASCII sets some bit too, but is caught by `all`, checked once).
        var low: UInt64 = 0
        var high: UInt64 = 0
        var all: UInt16 = 0
        for unit in text {
            all |= unit
            let bit = UInt64(1) &<< UInt64(unit & 63)
            if unit & 64 == 0 { low |= bit } else { high |= bit }
        }
        guard all < 0x80 else { return nil }
        // White space and controls after the first character join the cluster before:
        // they need no coverage (U+0000–U+0020 and U+007F), unless the first is one.
        low &= ~0x1_FFFF_FFFF
        high &= ~(1 << 63)
        if first <= 0x20 { low |= 1 << UInt64(first) } else if first == 0x7F { high |= 1 << 63 }
        let needed = UInt128(high) << 64 | UInt128(low)
        let letters = needed & (0x07FF_FFFE_07FF_FFFE << 64)  // A–Z and a–z
        let face = primary.face
        var remaining = needed
        while remaining != 0 {
            let scalar = UInt32(remaining.trailingZeroBitCount)
            remaining &= remaining - 1
            guard let character = Unicode.Scalar(scalar), face.hasGlyph(for: character) else { return nil }
        }
        return letters != 0 ? latin : common
    }

    private static let latin = hbScript(Int32(HOWDY_SCRIPT_LATIN))
    private static let common = hbScript(Int32(HOWDY_SCRIPT_COMMON))

    fileprivate static func hbScript(_ code: Int32) -> hb_script_t {
        howdy_script_code(code).map { hb_script_from_string($0, -1) } ?? HB_SCRIPT_COMMON
    }

    static func decode(_ text: UnsafeBufferPointer<UInt16>, at index: Int) -> (UInt32, Int) {
        let unit = text[index]
        if unit & 0xFC00 == 0xD800, index + 1 < text.count, text[index + 1] & 0xFC00 == 0xDC00 {
            let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[index + 1]) - 0xDC00)
            return (scalar, 2)
        }
        return (UInt32(unit), 1)
    }

    /// Itemises the characters from `start` on whose font and script follow from the
    /// scalar, its neighbours and bit tests, as the general walk would, and returns the
    /// offset of the first one it leaves to that walk (`start` when none): a text of any
    /// script costs a table load and a few compares per character here (what a unit
    /// is, worked out once per text and unit: `kind(of:code:primary:slot:)`), with no
    /// lookahead decoding, no property call and no coverage-set search per character.
    ///
    /// A unit is taken when it is a BMP character (not a surrogate), not ZWJ or a
    /// variation selector, not followed by VS15 or VS16, with neither an emoji
    /// presentation nor the pictographic property, and it is one of:
    /// - ASCII white space or a control (not the first unit), or an attaching character
    ///   (not the first unit): it joins the cluster before it (`joinsPrevious`), whose
    ///   font `previous` tracks, and takes the font `chooseFont`'s joining branch gives,
    ///   a function of that font and the scalar alone (`joined`);
    /// - any other character the primary face covers (exactly, `BMPCoverage`): the walk
    ///   answers 0 for it (`chooseCovering` asks the primary face first, and its memo
    ///   only repeats that answer);
    /// - any other character the primary face lacks whose chain face was known when the
    ///   text began (`codes`, not 0 nor `FallbackChoices.noFace`): that is
    ///   `isPlainAnswered`, for which the walk answers `known.slot(code - 1)`.
    /// Its script is ICU's (ASCII: Latin for letters, else Common); Common and Inherited
    /// ones take the current script, as in the walk. `han` is ICU's script code for Han;
    /// `slot(code)` gives the font slot of a code's face (`KnownChoices.slot`) and
    /// `describe` a slot's facts; `previous` describes the font of unit `start - 1`;
    /// `kinds` is this text's table of units' kinds (`StretchEntry`), empty at first.
    /// Not inlined: in the walk's closure its loop ran out of registers.
    // swiftlint:disable:next function_parameter_count
    @inline(never)
    private static func plainStretch(
        _ text: UnsafeBufferPointer<UInt16>, from start: Int, codes: UnsafeBufferPointer<UInt8>,
        kinds: UnsafeMutableBufferPointer<StretchEntry>, kindsReady: inout Bool, primary: UnsafePointer<UInt64>,
        primaryIsColor: Bool,
        previous: StretchFont, fontOf: UnsafeMutableBufferPointer<Int32>,
        scriptOf: UnsafeMutableBufferPointer<Int32>, script currentScript: inout Int32,
        firstRealScript: inout Int32?, han: Int32, slot: (UInt8) -> Int32, describe: (Int32) -> StretchFont
    ) -> Int {
        let count = text.count
        var index = start
        // The font of the unit before (what a joining character takes after).
        var before = previous
        // The last fallback font met, described (a stretch uses a few).
        var lastFont = previous
        // The last ideograph's chain code and its slot: asked again only when it changes.
        var lastCode: UInt8 = 0
        var lastCodeFont: Int32 = 0
        var script = currentScript
        // -1 until the text's first real script is known (an Int32 compare per unit).
        var firstReal = firstRealScript ?? -1
        defer {
            currentScript = script
            if firstReal >= 0 { firstRealScript = firstReal }
        }
        while index < count {
            let unit = text[index]
            if index + 1 < count {
                guard text[index + 1] & 0xFFFE != 0xFE0E else { break }  // VS15 or VS16 follows
            }
            var font: Int32
            // One compare keeps every other script off the ideograph test.
            let isIdeograph = unit >= 0x3400 && Self.isUnifiedIdeograph(UInt32(unit))
            if isIdeograph {
                // Han, and none of the special properties (`ItemizationFastPathTests`
                // checks ICU's answer for every one): the bulk of a Chinese or Japanese
                // text, each ideograph met about once, so not through the table below.
                if BMPCoverage.covers(primary, unit) {
                    font = 0
                } else {
                    let code = codes[index]
                    guard code &+ 1 > 1 else { break }  // neither 0 (unknown) nor `noFace` (255)
                    if code != lastCode {
                        lastCodeFont = slot(code)
                        lastCode = code
                    }
                    font = lastCodeFont
                }
                script = han
            } else {
                // What the unit is, from this text's table (a few loads) or worked out once.
                if !kindsReady {
                    kinds.initialize(repeating: StretchEntry())
                    kindsReady = true
                }
                let place = StretchEntry.slot(of: unit)
                var entry = kinds[place]
                if entry.key != UInt32(unit) &+ 1 {
                    entry = Self.kind(of: unit, code: codes[index], primary: primary, slot: slot)
                    kinds[place] = entry
                }
                font = entry.font
                if font < 0 {
                    // Joins the cluster before it; never the text's first character.
                    guard font == StretchEntry.joins, index > 0 else { break }
                    font = joined(unit, after: before, primary: primary, primaryIsColor: primaryIsColor)
                }
                if entry.script >= 0 { script = entry.script }
            }
            if firstReal < 0, script != Int32(HOWDY_SCRIPT_COMMON) { firstReal = script }
            fontOf[index] = font
            scriptOf[index] = script
            if font != before.font {
                if font == 0 {
                    before = StretchFont(font: 0, words: primary, isColor: primaryIsColor)
                } else {
                    if font != lastFont.font { lastFont = describe(font) }
                    before = lastFont
                }
            }
            index += 1
            if isIdeograph {
                // The ideographs after it that this loop would give the same font take it
                // in a loop of their own (a Chinese text is mostly such runs).
                index = Self.ideographs(
                    text, from: index, code: font == 0 ? 0 : lastCode, primary: primary, codes: codes,
                    font: font, han: han, fontOf: fontOf, scriptOf: scriptOf)
            } else {
                // Likewise the letters and spaces after it in the same font and script (a
                // Hebrew or Arabic word and the space after it, in the fallback font).
                index = Self.sameFont(
                    text, from: index, kinds: UnsafeBufferPointer(kinds), before: before, script: script,
                    primary: primary, primaryIsColor: primaryIsColor, fontOf: fontOf, scriptOf: scriptOf)
            }
        }
        return index
    }

    /// `plainStretch`'s loop over the unified ideographs from `start` on that it would
    /// give font `font` right after an ideograph in that font, returning the offset of
    /// the first it would not (`start` when none): each is not followed by VS15 or VS16,
    /// and either the primary face covers it (`code` 0, `font` 0) or it does not and its
    /// chain code is `code` (the code whose slot is `font`). Script Han; the stretch's
    /// other state (the first real script, the font before) is already what these leave.
    /// Its own function, so that the loop keeps its pointers in registers: in
    /// `plainStretch`'s loop each ideograph cost about 57 instructions (callgrind),
    /// mostly reloads of spilled ones.
    // swiftlint:disable:next function_parameter_count
    @inline(never)
    private static func ideographs(
        _ text: UnsafeBufferPointer<UInt16>, from start: Int, code: UInt8, primary: UnsafePointer<UInt64>,
        codes: UnsafeBufferPointer<UInt8>, font: Int32, han: Int32, fontOf: UnsafeMutableBufferPointer<Int32>,
        scriptOf: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        let count = text.count
        var index = start
        /// A unified ideograph not followed by VS15 or VS16: the first range (URO) by one
        /// compare and a branch, Extension A only when that fails.
        @inline(__always) func isPlainIdeograph(_ unit: UInt16, at index: Int) -> Bool {
            if unit &- 0x4E00 > 0x9FFF - 0x4E00 {
                guard unit &- 0x3400 <= 0x4DBF - 0x3400 else { return false }
            }
            return index + 1 == count || text[index + 1] & 0xFFFE != 0xFE0E
        }
        // Two loops, not a test of `code` per ideograph.
        if code == 0 {
            while index < count {
                let unit = text[index]
                guard isPlainIdeograph(unit, at: index), BMPCoverage.covers(primary, unit) else { break }
                fontOf[index] = font
                scriptOf[index] = han
                index += 1
            }
        } else {
            while index < count {
                let unit = text[index]
                guard isPlainIdeograph(unit, at: index), codes[index] == code, !BMPCoverage.covers(primary, unit)
                else { break }
                fontOf[index] = font
                scriptOf[index] = han
                index += 1
            }
        }
        return index
    }

    /// `plainStretch`'s loop over the units from `start` on that it would give the font
    /// of `before` and keep script `script` for, right after a unit it gave them: each
    /// not followed by VS15 or VS16, with an entry in this text's table `kinds` (none is
    /// made for ideographs) that names that font, or that joins the cluster before it and
    /// `joined` gives it that font, and that names no script or `script`. Returns the offset
    /// of the first it would not (`start` when none); anything else is left to that loop.
    /// Its own function, as `ideographs`: in `plainStretch`'s loop a Hebrew letter cost
    /// about 66 instructions (callgrind), mostly reloads of spilled registers.
    // swiftlint:disable:next function_parameter_count
    @inline(never)
    private static func sameFont(
        _ text: UnsafeBufferPointer<UInt16>, from start: Int, kinds: UnsafeBufferPointer<StretchEntry>,
        before: StretchFont, script: Int32, primary: UnsafePointer<UInt64>, primaryIsColor: Bool,
        fontOf: UnsafeMutableBufferPointer<Int32>, scriptOf: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        let count = text.count
        let font = before.font
        var index = start
        while index < count {
            let unit = text[index]
            if index + 1 < count, text[index + 1] & 0xFFFE == 0xFE0E { break }
            let entry = kinds[StretchEntry.slot(of: unit)]
            guard entry.key == UInt32(unit) &+ 1, entry.script < 0 || entry.script == script else { break }
            if entry.font != font {
                guard entry.font == StretchEntry.joins,
                    joined(unit, after: before, primary: primary, primaryIsColor: primaryIsColor) == font
                else { break }
            }
            fontOf[index] = font
            scriptOf[index] = script
            index += 1
        }
        return index
    }

    /// What `plainStretch` does with BMP unit `unit` (other than a unified ideograph),
    /// whose chain code is `code`: see there. A function of the unit within one text
    /// (`code` is the chain's answer for the unit, and a code's slot stays), so kept
    /// per text in a small table.
    @inline(never)
    private static func kind(
        of unit: UInt16, code: UInt8, primary: UnsafePointer<UInt64>, slot: (UInt8) -> Int32
    ) -> StretchEntry {
        let key = UInt32(unit) &+ 1
        let stops = StretchEntry(key: key, script: -1, font: StretchEntry.stops)
        if unit < 0x80 {
            if unit <= 0x20 || unit == 0x7F { return StretchEntry(key: key, script: -1, font: StretchEntry.joins) }
            guard BMPCoverage.covers(primary, unit) else { return stops }
            let letter = (unit | 0x20) &- 0x61 < 26
            return StretchEntry(key: key, script: letter ? Int32(HOWDY_SCRIPT_LATIN) : -1, font: 0)
        }
        // A surrogate, ZWJ or a variation selector.
        guard unit & 0xF800 != 0xD800, unit != 0x200D, unit & 0xFFF0 != 0xFE00 else { return stops }
        let properties = howdy_scalar_properties(UInt32(unit))
        let emoji = UInt32(HOWDY_PROPERTY_EMOJI_PRESENTATION) | UInt32(HOWDY_PROPERTY_EXTENDED_PICTOGRAPHIC)
        guard properties & emoji == 0 else { return stops }
        let own = Int32(properties & UInt32(HOWDY_PROPERTY_SCRIPT_MASK))
        let script = own > Int32(HOWDY_SCRIPT_INHERITED) ? own : -1
        if properties & UInt32(HOWDY_PROPERTY_ATTACHING) != 0 {
            return StretchEntry(key: key, script: script, font: StretchEntry.joins)
        }
        if BMPCoverage.covers(primary, unit) { return StretchEntry(key: key, script: script, font: 0) }
        // Neither 0 (unknown) nor `noFace` (255): a chain face known when the text began.
        guard code &+ 1 > 1 else { return stops }
        return StretchEntry(key: key, script: script, font: slot(code))
    }

    /// `chooseFont`'s answer for a character that joins the cluster before it (ASCII
    /// white space or a control, or an attaching BMP character, not the text's first),
    /// after a cluster in `before`'s font: the same steps, with both faces' BMP coverage
    /// read from their bits (exact, `BMPCoverage`) instead of their sets.
    @inline(__always)
    private static func joined(
        _ unit: UInt16, after before: StretchFont, primary: UnsafePointer<UInt64>, primaryIsColor: Bool
    ) -> Int32 {
        // After the primary font (not a colour one), every branch below answers 0.
        if before.font == 0, !primaryIsColor { return 0 }
        // A space after an emoji is text, not part of the emoji: measure it in the text font.
        if before.isColor, howdy_is_breaking_space(UInt32(unit)) != 0, BMPCoverage.covers(primary, unit) { return 0 }
        if BMPCoverage.covers(before.words, unit) || unit == 0x200D || unit < 0x20 { return before.font }
        return BMPCoverage.covers(primary, unit) ? 0 : before.font
    }

    /// CJK Unified Ideographs and Extension A (U+4E00–U+9FFF, U+3400–U+4DBF): every one
    /// is assigned, of the Han script, and neither attaching, emoji nor pictographic.
    @inline(__always)
    static func isUnifiedIdeograph(_ scalar: UInt32) -> Bool {
        scalar &- 0x4E00 <= 0x9FFF - 0x4E00 || scalar &- 0x3400 <= 0x4DBF - 0x3400
    }

    /// True when `chooseFont` would answer the chain face the text began knowing (`code`,
    /// from `FallbackChoices.known`) for `scalar`, provided the primary face lacks it: a
    /// BMP character (codes are 0 for surrogates) that joins no cluster before it (not
    /// attaching, ZWJ or a variation selector, and not pictographic, so not after a ZWJ
    /// either), wants no emoji presentation (none by default, no variation selector
    /// after it) and that a chain face covers. Every step `chooseFont` takes for such a
    /// character ends in `known.slot(code - 1)` (its per-text memo only repeats that
    /// answer): a CJK text is mostly such characters, and this skips the walk for each.
    @inline(__always)
    private static func isPlainAnswered(_ scalar: UInt32, properties: UInt32, next: UInt32, code: UInt8) -> Bool {
        let special =
            UInt32(HOWDY_PROPERTY_ATTACHING) | UInt32(HOWDY_PROPERTY_EMOJI_PRESENTATION)
            | UInt32(HOWDY_PROPERTY_EXTENDED_PICTOGRAPHIC)
        return code != 0 && code != FallbackChoices.noFace && scalar >= 0x80 && properties & special == 0
            && scalar != 0x200D && !(0xFE00...0xFE0F).contains(scalar) && next != 0xFE0E && next != 0xFE0F
    }

    /// Characters that belong to the cluster before them and so keep its font:
    /// marks, format characters (joiners, bidi controls, tags), variation selectors,
    /// emoji modifiers and white space / controls.
    /// `properties` are `howdy_scalar_properties(scalar)` (any value for ASCII).
    private static func joinsPrevious(_ scalar: UInt32, properties: UInt32, previous: UInt32) -> Bool {
        if scalar < 0x80 { return scalar <= 0x20 || scalar == 0x7F }
        if scalar == 0x200D || (0xFE00...0xFE0F).contains(scalar) || (0x1F3FB...0x1F3FF).contains(scalar)
            || (0xE0020...0xE007F).contains(scalar) || (0xE0100...0xE01EF).contains(scalar)
        {
            return true
        }
        if previous == 0x200D, properties & UInt32(HOWDY_PROPERTY_EXTENDED_PICTOGRAPHIC) != 0 { return true }
        return properties & UInt32(HOWDY_PROPERTY_ATTACHING) != 0
    }

    /// `properties` are `howdy_scalar_properties(scalar)` (any value for ASCII).
    private static func wantsEmoji(_ scalar: UInt32, properties: UInt32, next: UInt32) -> Bool {
        if scalar < 0x80 {
            // Keycaps: a digit, # or * followed by VS16 (and U+20E3).
            return next == 0xFE0F && (scalar == 0x23 || scalar == 0x2A || (0x30...0x39).contains(scalar))
        }
        if next == 0xFE0E { return false }
        if properties & UInt32(HOWDY_PROPERTY_EMOJI_PRESENTATION) != 0 { return true }
        return next == 0xFE0F && properties & UInt32(HOWDY_PROPERTY_EXTENDED_PICTOGRAPHIC) != 0
    }

    /// The primary face's cmap answers for ASCII, asked once per text: most characters
    /// of most texts are ASCII, and each answer is otherwise an hb_set lookup.
    private struct ASCIICoverage {
        var known: UInt128 = 0
        var covered: UInt128 = 0

        mutating func primaryHas(_ scalar: UInt32, _ fonts: [Font]) -> Bool {
            guard scalar < 0x80, let character = Unicode.Scalar(scalar) else {
                return Unicode.Scalar(scalar).map { fonts[0].face.hasGlyph(for: $0) } ?? false
            }
            let bit: UInt128 = 1 << scalar
            if known & bit == 0 {
                known |= bit
                if fonts[0].face.hasGlyph(for: character) { covered |= bit }
            }
            return covered & bit != 0
        }
    }

    // swiftlint:disable:next function_parameter_count
    private static func chooseFont(
        scalar: UInt32, properties: UInt32, next: UInt32, previous: UInt32, previousFont: Int32, isFirst: Bool,
        fonts: inout [Font], slots: inout FaceSlots, fallback: FontFallback, choices: FallbackChoices?, code: UInt8,
        known: inout KnownChoices, ascii: inout ASCIICoverage, memo: inout ScalarMemo, failures: inout [TextError]
    ) -> Int32 {
        guard let character = Unicode.Scalar(scalar) else { return previousFont }
        func slot(_ face: FontFace) -> Int32 { Self.slot(for: face, fonts: &fonts, slots: &slots, made: choices) }
        if !isFirst, joinsPrevious(scalar, properties: properties, previous: previous) {
            // After the primary font (not a colour one), every branch below answers 0.
            if previousFont == 0, !fonts[0].face.isColor { return 0 }
            // A space after an emoji is text, not part of the emoji: measure it in the text font.
            let afterColor = fonts[Int(previousFont)].face.isColor && howdy_is_breaking_space(scalar) != 0
            if afterColor, ascii.primaryHas(scalar, fonts) { return 0 }
            if fonts[Int(previousFont)].face.hasGlyph(for: character) || scalar == 0x200D || scalar < 0x20 {
                return previousFont
            }
            if ascii.primaryHas(scalar, fonts) { return 0 }
            return previousFont
        }
        // Unless a variation selector follows, what follows depends on the scalar alone:
        // asked once per scalar and text (a CJK character otherwise walks the whole
        // chain's cmaps each time).
        let selected = next == 0xFE0E || next == 0xFE0F
        if !selected, let known = memo.font(of: scalar) { return known }
        let font: Int32
        if wantsEmoji(scalar, properties: properties, next: next), let emoji = fallback.emojiFace,
            emoji.hasGlyph(for: character)
        {
            font = slot(emoji)
        } else {
            font = chooseCovering(
                scalar, character, fonts: &fonts, slots: &slots, fallback: fallback, choices: choices, code: code,
                known: &known, ascii: &ascii, failures: &failures)
        }
        if !selected { memo.setFont(font, of: scalar) }
        return font
    }

    /// The index in `fonts` of `face` at the primary font's size and variations, with the
    /// synthetic bold or oblique the primary font's weight and slant call for
    /// (`FontSynthesis.needed`), added on first use. A bundled chain's `made` keeps the
    /// font across texts (`FallbackChoices.font`): making it costs a synthesis check and
    /// the system's locked font table, once per text and face otherwise.
    private static func slot(
        for face: FontFace, fonts: inout [Font], slots: inout FaceSlots, made: FallbackChoices?
    ) -> Int32 {
        if let existing = slots[face] { return existing }
        let primary = fonts[0]
        func make() -> Font? {
            let synthesis = FontSynthesis.needed(by: primary, for: face)
            // Cannot fail: `Font(face:size:…)` throws only for a size outside Font's limits, and
            // this is the primary font's size, which passed them. The face is already open.
            return try? Font(
                face: face, size: primary.size, variations: primary.variations, synthesis: synthesis,
                system: primary.system)
        }
        guard let font = made.map({ $0.font(of: face, for: primary, make: make) }) ?? make() else { return 0 }
        fonts.append(font)
        slots[face] = Int32(fonts.count - 1)
        return Int32(fonts.count - 1)
    }

    /// The first preference or chain face that covers `scalar`, nil when none does.
    private static func chainFace(
        covering scalar: UInt32, _ character: Unicode.Scalar, _ fallback: FontFallback
    ) -> FontFace? {
        for preference in fallback.preferences
        where preference.covers(scalar) && preference.face.hasGlyph(for: character) {
            return preference.face
        }
        // Entries open their files here, one at a time, only for characters that need them.
        for entry in fallback.entries where entry.prefers(scalar) {
            if let face = entry.face, face.hasGlyph(for: character) { return face }
        }
        for entry in fallback.entries {
            if let face = entry.face, face.hasGlyph(for: character) { return face }
        }
        return nil
    }

    /// The font for a scalar that starts a cluster and wants no emoji presentation: the
    /// primary font if it covers it, else the first preference or fallback face that does.
    private static func chooseCovering(
        _ scalar: UInt32, _ character: Unicode.Scalar, fonts: inout [Font], slots: inout FaceSlots,
        fallback: FontFallback, choices: FallbackChoices?, code: UInt8, known: inout KnownChoices,
        ascii: inout ASCIICoverage, failures: inout [TextError]
    ) -> Int32 {
        func slot(_ face: FontFace) -> Int32 { Self.slot(for: face, fonts: &fonts, slots: &slots, made: choices) }
        if ascii.primaryHas(scalar, fonts) { return 0 }
        // The shared bundled chains remember their answer per scalar across texts: a walk
        // costs a lock and a cmap lookup per face before the one that covers (five for a
        // CJK character), for every distinct character of every text. Answers known before
        // the text began came with it (`code`).
        let covering: FontFace?
        if code == FallbackChoices.noFace {
            covering = nil
        } else if code != 0 {
            return known.slot(Int(code) - 1) { slot($0) }
        } else {
            covering =
                choices.map {
                    $0.face(for: scalar) { chainFace(covering: scalar, character, fallback) }
                } ?? chainFace(covering: scalar, character, fallback)
        }
        if let covering { return slot(covering) }
        if fallback.usesSystemFonts, let match = fonts[0].system.systemFont(covering: character) {
            do {
                return slot(try FontFace.open(path: match.path, index: match.index, system: fonts[0].system))
            } catch {
                note(error as? TextError ?? .fontUnreadable(path: match.path, reason: "\(error)"), in: &failures)
            }
        }
        // No face covers the scalar: it shows the primary font's missing glyph. A chain face
        // that could not be opened may be why; the layout says so instead of keeping quiet.
        // (Asked once per scalar and text; the entries keep their outcome.)
        for entry in fallback.entries {
            if let failure = entry.failure { note(failure, in: &failures) }
        }
        return 0
    }

    private static func note(_ failure: TextError, in failures: inout [TextError]) {
        if !failures.contains(failure) { failures.append(failure) }
    }
}

/// The faces a bundled chain had answered when a text began (`FallbackChoices.known`), and
/// the font slot of each once asked for: a character answered before costs no lock, no
/// retain and no search of `FaceSlots`.
private struct KnownChoices {
    let faces: [FontFace]
    private var slots: [Int32] = []

    init(faces: [FontFace]) { self.faces = faces }

    /// The slot of `faces[index]`, from `make` the first time.
    mutating func slot(_ index: Int, make: (FontFace) -> Int32) -> Int32 {
        if slots.isEmpty { slots = [Int32](repeating: -1, count: faces.count) }
        if slots[index] < 0 { slots[index] = make(faces[index]) }
        return slots[index]
    }
}

/// HarfBuzz's script for each ICU script code met in one text, the first four kept (a
/// text holds a handful of scripts; Japanese alternates between three): no array, whose
/// element type (a tuple) the runtime looked up per text.
private struct ScriptCodes {
    private var codes: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
    private var scripts = (HB_SCRIPT_COMMON, HB_SCRIPT_COMMON, HB_SCRIPT_COMMON, HB_SCRIPT_COMMON)

    mutating func script(_ code: Int32) -> hb_script_t {
        if codes.0 == code { return scripts.0 }
        if codes.1 == code { return scripts.1 }
        if codes.2 == code { return scripts.2 }
        if codes.3 == code { return scripts.3 }
        let script = Itemization.hbScript(code)
        if codes.0 < 0 {
            (codes.0, scripts.0) = (code, script)
        } else if codes.1 < 0 {
            (codes.1, scripts.1) = (code, script)
        } else if codes.2 < 0 {
            (codes.2, scripts.2) = (code, script)
        } else if codes.3 < 0 {
            (codes.3, scripts.3) = (code, script)
        }
        return script
    }
}

/// A font slot as `Itemization.plainStretch` reads it: its index in `fonts`, its face's
/// BMP coverage bits (`BMPCoverage.words`, alive while `fonts` holds the font) and
/// whether the face is a colour one.
private struct StretchFont {
    var font: Int32
    var words: UnsafePointer<UInt64>
    var isColor: Bool
}

/// What `Itemization.plainStretch` does with a BMP unit, kept per text in a small
/// direct-mapped table (a collision only forgets an entry, worked out again).
private struct StretchEntry {
    static let tableSize = 256
    /// `font` of a character that joins the cluster before it.
    static let joins: Int32 = -1
    /// `font` of a character the stretch leaves to the general walk.
    static let stops: Int32 = -2

    /// The slot of `unit` in a text's table (`plainStretch` writes it, `sameFont` reads it).
    @inline(__always)
    static func slot(of unit: UInt16) -> Int { Int((unit ^ (unit >> 8)) & UInt16(tableSize - 1)) }

    /// The unit + 1; 0 for an empty slot.
    var key: UInt32 = 0
    /// The script the unit sets (a real one), -1 for Common and Inherited ones.
    var script: Int32 = -1
    /// Its font slot, or `joins` or `stops`.
    var font: Int32 = 0
}

/// The faces a text's fonts were made from and their index in `fonts`: a short list
/// (a text uses a few faces), searched linearly instead of hashed per new character.
private struct FaceSlots {
    private var faces: [(face: ObjectIdentifier, slot: Int32)]

    init(primary: FontFace) {
        faces = [(ObjectIdentifier(primary), 0)]
        faces.reserveCapacity(4)
    }

    subscript(face: FontFace) -> Int32? {
        get {
            let id = ObjectIdentifier(face)
            return faces.first { $0.face == id }?.slot
        }
        set {
            let id = ObjectIdentifier(face)
            faces.removeAll { $0.face == id }
            if let newValue { faces.append((id, newValue)) }
        }
    }
}

/// Per-text fonts by scalar, in a small direct-mapped table on the stack: the font
/// chosen for a scalar when that depends on the scalar alone. A collision only forgets
/// an answer (it is asked again), so results are those of asking every time, without a
/// dictionary's hashing and regrowth per character. (ICU's per-scalar answers come
/// from `howdy_scalar_properties`, kept per process.)
private struct ScalarMemo {
    struct Entry {
        /// scalar + 1; 0 for an empty slot.
        var key: UInt32
        /// -1 while unknown.
        var font: Int32
    }

    static let size = 256
    /// Slots after the first `size` keep answers for ASCII white space and controls after
    /// a font slot (`font(joining:after:)`), keyed apart from the scalars'.
    static let joinSize = 32
    static let capacity = size + joinSize
    private let table: UnsafeMutableBufferPointer<Entry>
    /// False: nothing is kept (every answer is asked for again).
    private let enabled: Bool
    /// The table is emptied when the first answer is kept, not before: a text whose
    /// characters all go through `plainStretch` (a Chinese one) never asks it, and
    /// emptying its 2.3 KiB cost such a text as much as itemising a dozen ideographs.
    private var ready = false

    /// `table`'s memory may be uninitialised: it is read only once written.
    init(_ table: UnsafeMutableBufferPointer<Entry>, enabled: Bool = true) {
        self.table = table
        self.enabled = enabled
    }

    @inline(__always)
    private mutating func prepare() {
        if !ready {
            table.initialize(repeating: Entry(key: 0, font: -1))
            ready = true
        }
    }

    @inline(__always)
    private func slot(_ scalar: UInt32) -> Int { Int((scalar ^ (scalar >> 8)) & UInt32(Self.size - 1)) }

    func font(of scalar: UInt32) -> Int32? {
        guard ready else { return nil }
        let entry = table[slot(scalar)]
        return entry.key == scalar &+ 1 && entry.font >= 0 ? entry.font : nil
    }

    mutating func setFont(_ font: Int32, of scalar: UInt32) {
        guard enabled else { return }
        prepare()
        table[slot(scalar)] = Entry(key: scalar &+ 1, font: font)
    }

    /// The join slot and key of ASCII `scalar` after font slot `font` (≥ 1).
    @inline(__always)
    private func joinSlot(_ scalar: UInt32, _ font: Int32) -> (Int, UInt32) {
        let key = UInt32(truncatingIfNeeded: font) << 7 | scalar
        return (Self.size + Int((key ^ (key >> 5)) & UInt32(Self.joinSize - 1)), key &+ 1)
    }

    /// The font `chooseFont` answered for ASCII white space or control `scalar` after a
    /// cluster in font slot `font`, if kept.
    func font(joining scalar: UInt32, after font: Int32) -> Int32? {
        guard ready else { return nil }
        let (slot, key) = joinSlot(scalar, font)
        let entry = table[slot]
        return entry.key == key && entry.font >= 0 ? entry.font : nil
    }

    mutating func setFont(_ answer: Int32, joining scalar: UInt32, after font: Int32) {
        guard enabled else { return }
        prepare()
        let (slot, key) = joinSlot(scalar, font)
        table[slot] = Entry(key: key, font: answer)
    }
}
