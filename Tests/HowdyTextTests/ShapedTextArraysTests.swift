import Testing

@testable import HowdyText

/// `ShapedText` takes its per-text arrays (and its run shaper's scratch arrays) from a
/// pool that texts shaped earlier gave back (`ShapedTextArrays`). Reused arrays must never show what they held: a text shaped
/// in the arrays of a longer (or shorter) text of another script lays out glyph for
/// glyph, line for line, as in new arrays.
@Suite(.serialized) struct ShapedTextArraysTests {
    /// Texts of different lengths and scripts, long before short and short before long.
    static let sequence = [
        "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ احصل على تذكيرات تصل في الوقت المناسب واحتفظ بكل خططك",
        "Hi",
        "Family 👨‍👩‍👧‍👦 wave 👋🏿 coder 👩🏽‍💻 flags 🇯🇵🇫🇷 🏳️‍🌈 keys 1️⃣ #️⃣ ok and a longer tail of plain words",
        "ברוכים הבאים לבית החדש",
        "ยินดีต้อนรับสู่บ้านใหม่สำหรับการวางแผนอย่างสงบรับการแจ้งเตือน",
        "Welcome to your new home for calm planning, get reminders that arrive at the right moment",
        "欢迎使用全新的计划应用",
        "",
        "a b",
    ]

    static func dump(_ shaped: ShapedText, width: Double) throws -> [String] {
        let layout = try shaped.balance(width: width)
        return LayoutCase.glyphDump(layout) + layout.lines.map { "\($0.text) \($0.width)" }
            + ["\(shaped.advancePrefix)", "\(shaped.utf16)"]
            + (0...shaped.utf16.count).filter { shaped.unsafeToBreak.contains($0) }.map { "unsafe \($0)" }
    }

    @Test("texts shaped one after another in reused arrays equal texts shaped in new arrays")
    func reusedEqualsFresh() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        ShapedTextArrays.isEnabled.store(false, ordering: .relaxed)
        ShapedTextArrays.drain()
        var fresh: [[String]] = []
        for text in Self.sequence {
            fresh.append(try Self.dump(ShapedText(text, font: font), width: 180))
        }
        ShapedTextArrays.isEnabled.store(true, ordering: .relaxed)
        let before = ShapedTextArrays.reuses
        for round in 0..<3 {
            // Forwards, then backwards: every text follows a longer and a shorter one.
            let order = round == 1 ? Array(Self.sequence.indices.reversed()) : Array(Self.sequence.indices)
            // Cold rounds too, so that the run shaper's pooled scratch (`RunScratch`)
            // serves the miss path (words packed for the cache) as well as hits.
            if round != 1 { WordShapeCache.shared.removeAll() }
            for index in order {
                let reused = try Self.dump(ShapedText(Self.sequence[index], font: font), width: 180)
                #expect(reused == fresh[index], "text \(index), round \(round)")
            }
        }
        // The arrays were handed out again (else this test compared fresh with fresh).
        #expect(ShapedTextArrays.reuses > before)
    }

    @Test("an offset set made in a used buffer starts empty")
    func offsetSetReusesClean() {
        var used = OffsetSet(capacity: 300)
        for offset in 0..<300 { used.insert(offset) }
        for capacity in [0, 1, 64, 65, 200, 640] {
            let set = OffsetSet(capacity: capacity, reusing: used.storage)
            #expect((0...capacity + 64).allSatisfy { !set.contains($0) }, "capacity \(capacity)")
            var filled = set
            filled.insert(capacity - 1)
            #expect(capacity == 0 || filled.contains(capacity - 1))
            #expect(!filled.contains(capacity))
        }
    }

    @Test(
        "utf16(of:into:) over a buffer holding other units gives exactly the string's UTF-16",
        arguments: ["", "a", "plain ASCII", "מרחבא 🎉 計画", "𠮷野家", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}"])
    func transcodesIntoUsedBuffer(_ text: String) {
        for leftover in [[UInt16](), [UInt16](repeating: 0xFFFF, count: 3), [UInt16](repeating: 0x41, count: 500)] {
            var units = leftover
            ShapedText.utf16(of: text, into: &units)
            #expect(units == Array(text.utf16))
        }
    }
}

/// `TextSystem` hands its caches an unowned growth callback (a weak one put every
/// retain of the system on the runtime's slow path); its `deinit` must take it back,
/// so that a cache outliving its system never calls into a freed one.
@Suite struct TextSystemGrowthCallbackTests {
    @Test("a cache that outlives its system holds no growth callback, and growth then is harmless")
    func cacheOutlivesSystem() throws {
        var system: TextSystem? = TextSystem(byteBudget: 1 << 20)
        let cache = try #require(system?.wordCache)
        let choices = try #require(system?.fallbackRegular)
        #expect(cache.onGrowth.withLock { $0 != nil })
        #expect(choices.onGrowth.withLock { $0 != nil })
        // Nothing shaped: a system that has shaped holds its fonts through its caches
        // (space-boundary analyses keep their `Font`, which keeps the system), so it
        // never goes away; see the note in the closing report.
        system = nil
        #expect(cache.onGrowth.withLock { $0 == nil })
        #expect(choices.onGrowth.withLock { $0 == nil })
        cache.noteGrowth()
    }
}
