import Testing

@testable import HowdyText

/// A layout's lines share one `LineStorage`: one glyph array and one array of run
/// records, which a line reads through its one reference (its `runs` are made from the
/// records when read, each run's `glyphs` a `LayoutSlice` view of the glyph array). The
/// lines' runs and the runs' views must tile those arrays exactly (no glyph of another
/// run or line, none lost), and each line's glyphs must be the ones a per-line copy from
/// the shaped text's own glyph store gives. Over real prose in Japanese and Chinese
/// (GnuPG's help texts), English and Arabic, at several widths and in every layout mode.
@Suite struct SharedGlyphStoreTests {
    static let prose: [(script: String, text: String)] = [
        (
            "japanese",
            "システムは、Gpg-Agentと呼ばれるバックグラウンド・プロセスを利用し、秘密鍵とパスフレーズの問い合わせを処理します。"
                + "このエージェントは通常、ユーザがログインするときに開始され、ログインしている間、動いています。"
        ),
        (
            "chinese",
            "在这里指定的数值完全由您自己决定；这些数值永远不会被输出给任何第三方。"
                + "我们需要它来实现“信任网络”；这跟隐含建立起来的“验证网络”无关。"
        ),
        ("latin", Fixtures.paragraph),
        (
            "arabic",
            "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ احصل على تذكيرات تصل في الوقت المناسب"
                + " واجمع خططك في مكان واحد"
        ),
        ("mixed", "Plan 計画 with مرحبا and שלום, नमस्ते 🎉 ok, then الجديد للتخطيط 2024 and 日本語のテキスト"),
    ]

    static let strategies: [LineBreakStrategy] = [.greedy, .balanced(.narrowest), .balanced(.even), .pretty]

    @Test("every line reads one storage, and its runs and their glyph views tile its arrays", arguments: prose)
    func viewsTile(_ item: (script: String, text: String)) throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        let shaped = try ShapedText(item.text, font: font)
        for width in [80.0, 160.0, 333.0] {
            for strategy in Self.strategies {
                let layout = try shaped.layout(width: width, strategy: strategy)
                #expect(layout.lineCount > 1, "\(item.script) at \(width)")
                var nextRun = 0
                var nextGlyph = 0
                let storage = try #require(layout.lines.first?.storage)
                for line in layout.lines {
                    #expect(line.storage === storage, "one storage per layout")
                    #expect(line.runBounds.lowerBound == nextRun)
                    nextRun = line.runBounds.upperBound
                    #expect(line.runs.count == line.runBounds.count)
                    for (index, run) in line.runs.enumerated() {
                        let record = storage.runs[line.runBounds.lowerBound + index]
                        #expect(run.range == record.range && run.isRightToLeft == record.isRightToLeft)
                        #expect(run.font == storage.fonts[record.fontIndex])
                        #expect(run.glyphs.bounds == record.glyphs)
                        #expect(run.glyphs.bounds.lowerBound == nextGlyph)
                        nextGlyph = run.glyphs.bounds.upperBound
                        #expect(Self.sameStorage(run.glyphs.base, storage.glyphs))
                        #expect(Array(run.glyphs) == Array(storage.glyphs[run.glyphs.bounds]))
                    }
                }
                #expect(nextRun == storage.runs.count)
                #expect(nextGlyph == storage.glyphs.count)
            }
        }
    }

    @Test("each line's glyphs equal a per-line copy from the shaped text's glyph store", arguments: prose)
    func linesEqualPerLineCopies(_ item: (script: String, text: String)) throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        let shaped = try ShapedText(item.text, font: font)
        let store = shaped.glyphStore
        var compared = 0
        for width in [80.0, 160.0, 333.0] {
            for strategy in Self.strategies {
                let layout = try shaped.layout(width: width, strategy: strategy)
                for (number, line) in layout.lines.enumerated() {
                    let nextStart =
                        number + 1 < layout.lines.count ? layout.lines[number + 1].range.lowerBound : shaped.utf16.count
                    // A cut HarfBuzz marks unsafe is shaped again: its glyphs are not the store's.
                    if shaped.unsafeToBreak.contains(line.range.lowerBound) || shaped.unsafeToBreak.contains(nextStart)
                    {
                        continue
                    }
                    var pen = 0.0
                    for run in line.runs {
                        if run.range.isEmpty {  // the hyphen a soft hyphen shows
                            pen += run.glyphs.reduce(0) { $0 + $1.advance }
                            continue
                        }
                        // The old way: the store's glyphs whose clusters lie in the run's
                        // range, in store (visual) order, placed by summing advances.
                        let shift = run.font.instance.shiftTo16Dot16
                        let indices = store.clusters.indices.filter { run.range.contains(Int(store.clusters[$0])) }
                        var expected: [PositionedGlyph] = []
                        for index in indices {
                            let advance = ShapedText.pixels(Int(store.advances[index]) << shift)
                            expected.append(
                                PositionedGlyph(
                                    id: store.glyphs[index],
                                    x: pen + ShapedText.pixels(Int(store.offsetsX[index]) << shift),
                                    y: -ShapedText.pixels(Int(store.offsetsY[index]) << shift), advance: advance,
                                    cluster: Int(store.clusters[index])))
                            pen += advance
                        }
                        #expect(Array(run.glyphs) == expected, "\(item.script) at \(width) \(strategy): \(line.text)")
                        compared += expected.count
                    }
                }
            }
        }
        #expect(compared > 100, "\(item.script): the comparison must cover glyphs")
    }

    @Test("a line's text is its UTF-16 range of the layout's text; without line texts it is empty")
    func lineTexts() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        for item in Self.prose {
            let units = Array(item.text.utf16)
            var shaped = try ShapedText(item.text, font: font)
            for strategy in Self.strategies {
                for line in try shaped.layout(width: 120, strategy: strategy).lines {
                    #expect(line.text == String(decoding: units[line.range], as: UTF16.self))
                }
            }
            shaped.omitsLineTexts = true
            #expect(try shaped.layout(width: 120).lines.allSatisfy { $0.text.isEmpty })
        }
    }

    @Test("a layout without glyphs keeps its line texts and no runs; without either it keeps no storage")
    func withoutGlyphs() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        var shaped = try ShapedText(Self.prose[2].text, font: font)
        shaped.omitsGlyphs = true
        let lines = try shaped.layout(width: 120).lines
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.runs.isEmpty && !$0.text.isEmpty })
        shaped.omitsLineTexts = true
        #expect(try shaped.layout(width: 120).lines.allSatisfy { $0.storage == nil && $0.text.isEmpty })
    }

    @Test("a view is zero-based, equal by elements and hashes as its elements do")
    func viewValueSemantics() {
        let base = [10, 11, 12, 13, 14]
        let middle = LayoutSlice(base: base, bounds: 1..<4)
        #expect(middle.count == 3)
        #expect(middle.startIndex == 0 && middle.endIndex == 3)
        #expect(middle[0] == 11 && middle[2] == 13)
        #expect(Array(middle) == [11, 12, 13])
        #expect(middle == LayoutSlice([11, 12, 13]))
        #expect(middle != LayoutSlice([11, 12]))
        #expect(middle != LayoutSlice(base: base, bounds: 2..<5))
        #expect(middle.hashValue == LayoutSlice([11, 12, 13]).hashValue)
        #expect(middle.map { $0 * 2 } == [22, 24, 26])
        #expect(middle.description == "[11, 12, 13]")
        #expect(LayoutSlice<Int>().isEmpty)
        let literal: LayoutSlice<Int> = [1, 2]
        #expect(literal.last == 2)
    }

    static func sameStorage<T>(_ a: [T], _ b: [T]) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }
}
