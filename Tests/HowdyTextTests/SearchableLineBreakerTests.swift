import Testing

@testable import HowdyText

/// A line breaker over text whose segments' content ends never fall (`searchable`: every
/// CJK text, a segment per character) fits each line by binary search over segment ends,
/// and `Balancer` jumps between the widths its probes prove equivalent. Both must give
/// exactly the lines and widths of the general walk, segment by segment, and of plain
/// bisection; and `ShapedText.segmentsAreSearchable`, found while shaping, must be what
/// a walk of its own finds (`LineBreaker.isSearchable`).
@Suite struct SearchableLineBreakerTests {
    /// Chinese and Japanese prose (kana, ideographs, punctuation), mixed with Latin words,
    /// digits, emoji, surrogate pairs, hard breaks, soft hyphens and tabs: some searchable,
    /// some not (a hard break before the end, a hyphen the font shows).
    static let texts: [String] =
        SharedGlyphStoreTests.prose.filter { ["japanese", "chinese"].contains($0.script) }.map(\.text)
        + ItemizationFastPathTests.mixed + [
            "日本語のテキスト、「かぎかっこ」と句読点。English words are mixed in、漢字とカタカナ。",
            "𠮷野家で𩸽を食べる計画𠀋、𠮷𠮷𠮷𠮷𠮷𠮷𠮷𠮷𠮷𠮷𠮷𠮷。",
            "計画\n通知を受け取り、すべての計画を一か所にまとめましょう。\n保存",
            "hyphen\u{00AD}ation 漢字の\u{00AD}計画 super\u{00AD}cali\u{00AD}fragilistic",
            "（火）…ok 2024年12月1日 — 「終わり」！？ ー・ヽヾゝゞ 々〜",
            "欢迎使用全新的计划应用在合适的时间收到提醒把所有计划放在一个地方您的数据保存在这台设备上除非您选择同步开启通知以便我们在计划准备好时告诉您与家人和朋友分享清单",
            "a\tb 計 😀😀 計画\u{3000}計画 ",
            "計",
            "",
        ]

    static let fonts: [(name: String, size: Double)] = [
        ("Inter-Regular", 17), ("Inter-Bold", 28), ("DroidSansFallbackFull", 15),
    ]

    /// Widths (16.16, whole 1/64 px) from a quarter of the widest segment to past the
    /// whole text, about `count` of them, each nudged by a different number of 1/64 px so
    /// that line ends fall on and between segment ends.
    static func widths(_ shaped: ShapedText, count: Int = 48) -> [Int] {
        let total = shaped.advancePrefix.last ?? 0
        let low = max(ShapedText.unitsPer64th, shaped.maxSegmentWidth / 4)
        let high = total + 2 * ShapedText.unitsPerPixel
        let step = max(ShapedText.unitsPer64th, (high - low) / count)
        return stride(from: low, through: high, by: step).enumerated().map { index, width in
            (width / ShapedText.unitsPer64th + index % 7) * ShapedText.unitsPer64th
        }
    }

    static func shapedTexts() throws -> [ShapedText] {
        var shaped: [ShapedText] = []
        for (name, size) in fonts {
            let font = try Font(named: name, size: size)
            for text in texts {
                for options in [
                    TextOptions(locale: "ja"), TextOptions(locale: "zh", usesWordCache: false),
                    TextOptions(locale: "en", hyphens: .auto),
                ] {
                    shaped.append(try ShapedText(text, font: font, options: options))
                }
            }
        }
        return shaped
    }

    @Test("the searchable flag found while shaping equals a walk over the segments")
    func flagEqualsWalk() throws {
        var searchable = 0
        var general = 0
        for shaped in try Self.shapedTexts() {
            #expect(shaped.segmentsAreSearchable == LineBreaker.isSearchable(shaped), "\(shaped.text)")
            #expect(LineBreaker(shaped: shaped, graphemes: nil).searchable == shaped.segmentsAreSearchable)
            if shaped.segmentsAreSearchable { searchable += 1 } else { general += 1 }
        }
        // Both kinds were met: hard breaks and shown hyphens are not searchable, prose is.
        #expect(searchable > 50)
        #expect(general > 10)
    }

    @Test("binary-searched lines equal walked lines at every width, with and without word breaks")
    func searchedLinesEqualWalkedLines() throws {
        var compared = 0
        for shaped in try Self.shapedTexts() where shaped.segmentsAreSearchable {
            let graphemes = try shaped.graphemeBoundaries()
            for breaks in [nil, graphemes] {
                let searched = LineBreaker(shaped: shaped, graphemes: breaks)
                let walked = LineBreaker(walking: shaped, graphemes: breaks)
                #expect(searched.searchable && !walked.searchable)
                for width in Self.widths(shaped) {
                    let lines = searched.lines(width: width)
                    #expect(lines == walked.lines(width: width), "\(width): \(shaped.text)")
                    for limit in [0, 1, 2, lines.count] {
                        #expect(
                            searched.lineCount(width: width, limit: limit)
                                == walked.lineCount(width: width, limit: limit))
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 3000)
    }

    @Test("a probe's lines, widest line and growth width equal the walked lines'")
    func probeEqualsWalk() throws {
        for shaped in try Self.shapedTexts() where shaped.segmentsAreSearchable {
            let searched = LineBreaker(shaped: shaped, graphemes: nil)
            let walked = LineBreaker(walking: shaped, graphemes: nil)
            for width in Self.widths(shaped, count: 24) {
                let lines = walked.lines(width: width)
                let probe = searched.probe(width: width, limit: .max)
                #expect(probe.lines == lines.count, "\(width): \(shaped.text)")
                let widest = lines.map { shaped.advance(from: $0.start, to: $0.contentEnd) }.max() ?? 0
                #expect(probe.widest == widest)
                // Below `grows` the walk gives the same lines; at it, a different set.
                if probe.grows != .max {
                    #expect(walked.lines(width: probe.grows - 1) == lines)
                    #expect(walked.lines(width: probe.grows) != lines)
                }
            }
        }
    }

    @Test("the balancer's probe jumps find the width plain bisection over walked lines finds")
    func balancedWidthEqualsBisection() throws {
        for shaped in try Self.shapedTexts() where shaped.segmentsAreSearchable {
            let searched = Balancer(breaker: LineBreaker(shaped: shaped, graphemes: nil))
            let walked = Balancer(breaker: LineBreaker(walking: shaped, graphemes: nil))
            for width in Self.widths(shaped, count: 16) where width >= shaped.maxSegmentWidth {
                let count = walked.breaker.lineCount(width: width)
                guard count > 1 else { continue }
                let fast = searched.narrowestWidth(keeping: count, at: width)
                #expect(fast == walked.narrowestWidth(keeping: count, at: width), "\(width): \(shaped.text)")
                #expect(walked.breaker.lineCount(width: fast) == count)
            }
        }
    }
}
