import CHarfBuzz
import CHowdyICU
import Foundation
import Testing

@testable import HowdyText

/// Itemization answers most characters of a CJK text without walking `chooseFont`
/// (`Itemization.isPlainAnswered`), and a face answers "no glyph" for a BMP block it
/// leaves empty without its coverage set (`BMPBlocks`); the balancer jumps between
/// widths that give the same lines (`LineBreaker.probe`). Each must give exactly what
/// the walk, the set and plain bisection give.
@Suite struct ItemizationFastPathTests {
    /// Prose in Japanese, Chinese and Korean, mixed with Latin, digits, emoji (with
    /// modifiers, ZWJ sequences, keycaps and variation selectors), combining marks,
    /// supplementary ideographs, Arabic and characters no bundled face covers.
    static let mixed = [
        "新しい計画アプリへようこそ。適切なタイミングで通知を受け取り、すべての計画を一か所にまとめましょう。",
        "欢迎使用全新的计划应用，在合适的时间收到提醒：把所有计划放在一个地方。",
        "새로운 계획 앱에 오신 것을 환영합니다. 알림을 켜면 계획이 준비되었을 때 알려 드립니다.",
        "HowdyKit計画App通知2024年12月1日です（火）…ok 👍🏽計画❤️通知☺︎保存#️⃣完了👨‍👩‍👧終🇯🇵",
        "か\u{3099}き\u{3099}計画く\u{309A}通知 ｶﾞｷﾞｸﾞ 𠮷野家で𩸽を食べる計画𠀋 葛\u{E0100}城市",
        "計画\u{200D}通知\u{FE0E}保存\u{FE0F}終\u{3000}了 مرحبا بك 計画 \u{0378}\u{10FFFD}未知 ꙮ ᚠᛇ 𓀀 計",
        "ショートカットーキャッシュっぁぃぅ計画〜〜！？ 漢字かなカナ한글Latin",
    ]

    /// Real prose nobody here wrote, where the machine has it: GnuPG's translated help
    /// texts and this repository's Japanese catalog strings.
    static func realTexts() -> [String] {
        var texts: [String] = []
        for name in ["help.ja.txt", "help.zh_CN.txt", "help.zh_TW.txt"] {
            guard let data = FileManager.default.contents(atPath: "/usr/share/gnupg/\(name)") else { continue }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            // Paragraphs of a few lines each, as a screen would hold them.
            for start in stride(from: 0, to: lines.count, by: 6) {
                texts.append(lines[start..<min(start + 6, lines.count)].joined(separator: " "))
            }
        }
        let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Localizable.xcstrings")
        if let data = try? Data(contentsOf: catalog),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let strings = root["strings"] as? [String: Any]
        {
            for case let entry as [String: Any] in strings.values {
                let localizations = entry["localizations"] as? [String: Any]
                let unit = (localizations?["ja"] as? [String: Any])?["stringUnit"] as? [String: Any]
                if let value = unit?["value"] as? String { texts.append(value) }
            }
        }
        return texts
    }

    /// A run as itemization gives it, its font named by face and synthesis (shared with
    /// `ScriptHotPathTests`).
    struct Run: Equatable {
        var start: Int
        var end: Int
        var level: UInt8
        var script: UInt32
        var face: String
        var synthesis: String
    }

    /// `text`'s runs in `font` with the bundled fallback chain; `remembers` as `Itemization`'s.
    static func runs(_ text: String, _ font: Font, remembers: Bool = true) throws -> [Run] {
        let units = Array(text.utf16)
        return try units.withUnsafeBufferPointer { buffer in
            let bidi = try BidiLevels(text: buffer, direction: .auto)
            let items = try Itemization(
                text: buffer, bidi: bidi, primary: font, fallback: FontFallback.bundled(matching: font.face),
                remembers: remembers)
            return items.runs.map { run in
                let font = items.fonts[run.fontIndex]
                return Run(
                    start: run.start, end: run.end, level: run.level, script: run.script.rawValue,
                    face: font.face.path + "#\(font.face.index)", synthesis: "\(font.synthesis)")
            }
        }
    }

    @Test("runs with the chain's answers known equal runs found by walking each character")
    func answeredRunsEqualWalkedRuns() throws {
        let texts = Self.mixed + Self.realTexts()
        #expect(texts.count > Self.mixed.count)
        for name in ["Inter-Regular", "Inter-Bold", "DroidSansFallbackFull", "NanumSquareR"] {
            // A system of its own: no answer is known before its first text.
            let system = TextSystem()
            let font = try system.font(named: name, size: 24)
            var walked: [[Run]] = []
            for text in texts {
                // Each text's first sight in a fresh system walks every character.
                let fresh = TextSystem()
                walked.append(try Self.runs(text, try fresh.font(named: name, size: 24)))
            }
            // In the shared system every text after the first meets answers kept from the
            // texts before it, and the second pass meets them all.
            for _ in 0..<2 {
                for (index, text) in texts.enumerated() {
                    #expect(try Self.runs(text, font) == walked[index], "\(name): \(text)")
                }
            }
            #expect(system.fallbackChoices(for: FontFallback.bundled(matching: font.face))?.count ?? 0 > 0)
        }
    }

    @Test("the all-ASCII shortcut answers as its rule says, for every string of up to 3 boundary units")
    func asciiShortcutFollowsItsRule() throws {
        // Controls, white space, the edges of the letter and symbol ranges, DEL, and two
        // units past ASCII; faces that cover all of ASCII, part of it and hardly any.
        let units: [UInt16] = [
            0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x30, 0x3F, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61,
            0x7A, 0x7E, 0x7F, 0x80, 0x5D0,
        ]
        var strings: [[UInt16]] = units.map { [$0] }
        for a in units { for b in units { strings.append([a, b]) } }
        for a in units {
            for b in units { for c in [0x20, 0x41, 0x7F, 0x80] as [UInt16] { strings.append([a, b, c]) } }
        }
        var answered = 0
        for name in ["Inter-Regular", "NotoSansHebrew-Regular", "NotoColorEmoji"] {
            let font = try Font(named: name, size: 20)
            for string in strings {
                // The rule: all ASCII; every unit covered except white space and controls
                // after the first (they join the cluster before); Latin with a letter.
                var expected: UInt32?
                if string.allSatisfy({ $0 < 0x80 }) {
                    let needing = string.enumerated().filter {
                        $0.offset == 0 || ($0.element > 0x20 && $0.element != 0x7F)
                    }
                    if needing.allSatisfy({ font.face.hasGlyph(for: Unicode.Scalar($0.element)!) }) {
                        let letter = string.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
                        expected = letter ? HB_SCRIPT_LATIN.rawValue : HB_SCRIPT_COMMON.rawValue
                    }
                }
                let script = string.withUnsafeBufferPointer { Itemization.asciiScript($0, primary: font) }
                #expect(script?.rawValue == expected, "\(name): \(string)")
                if expected != nil { answered += 1 }
            }
        }
        #expect(answered > 500)
    }

    @Test("a face's BMP blocks never deny a scalar its coverage set holds")
    func blocksAgreeWithTheSet() {
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        #expect(!BMPBlocks(coverage: set).mayCover(0x41))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            hb_set_clear(set)
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let first = UInt32.random(in: 0...0x10FFFF, using: &generator)
                let last = min(0x10FFFF, first + UInt32.random(in: 0...600, using: &generator))
                hb_set_add_range(set, first, last)
            }
            hb_set_add(set, UInt32.random(in: 0...0xFFFF, using: &generator))
            let blocks = BMPBlocks(coverage: set)
            for block in 0..<256 {
                let low = UInt32(block << 8)
                let held = (low...(low + 255)).contains { hb_set_has(set, $0) != 0 }
                #expect(blocks.mayCover(low + 17) == held, "block \(block)")
            }
            #expect(blocks.mayCover(0x1F600))
        }
    }

    @Test("hasGlyph of bundled faces agrees with their coverage set over the BMP")
    func hasGlyphAgreesWithTheSet() throws {
        for name in ["Inter-Regular", "DroidSansFallbackFull", "NanumSquareR", "NotoSansArabic-Bold"] {
            let face = try Font(named: name, size: 20).face
            let set = hb_set_create()!
            defer { hb_set_destroy(set) }
            hb_face_collect_unicodes(face.hbFace, set)
            var differ = 0
            var covered = 0
            for scalar in UInt32(0)...0xFFFF {
                let expected = hb_set_has(set, scalar) != 0
                if expected { covered += 1 }
                if face.hasGlyph(scalar) != expected { differ += 1 }
            }
            #expect(differ == 0, "\(name)")
            #expect(covered > 200, "\(name)")
        }
    }

    @Test("every CJK ideograph in the BMP starts a cluster, as ICU's properties say")
    func ideographsStartClusters() {
        var attaching: [UInt32] = []
        var notStarting: [UInt32] = []
        for scalar in Array(UInt32(0x3400)...0x4DBF) + Array(UInt32(0x4E00)...0x9FFF) {
            if howdy_scalar_properties(scalar) & UInt32(HOWDY_PROPERTY_ATTACHING) != 0 { attaching.append(scalar) }
            let units: [UInt16] = [0x3042, UInt16(scalar)]
            if !units.withUnsafeBufferPointer({ RunShaper.startsCluster($0, at: 1) }) { notStarting.append(scalar) }
        }
        #expect(attaching.isEmpty)
        #expect(notStarting.isEmpty)
    }

    @Test("itemisation's plain stretches read ICU's properties of exactly the unified ideographs from no table")
    func unifiedIdeographsAreHanWithoutSpecialProperties() {
        let han = howdy_scalar_properties(0x4E00) & UInt32(HOWDY_PROPERTY_SCRIPT_MASK)
        #expect(howdy_script_code(Int32(han)).map { String(cString: $0) } == "Hani")
        var differ: [UInt32] = []
        for scalar in UInt32(0x3000)...0xA0FF {
            let ideograph = (0x3400...0x4DBF).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)
            if Itemization.isUnifiedIdeograph(scalar) != ideograph { differ.append(scalar) }
            // What `plainStretch` takes for granted of each: Han, nothing special.
            if ideograph, howdy_scalar_properties(scalar) != han { differ.append(scalar) }
        }
        #expect(differ.isEmpty)
        #expect(!Itemization.isUnifiedIdeograph(0) && !Itemization.isUnifiedIdeograph(0x2_0000))
    }

    @Test("the balancer's jumps find the width plain bisection finds", arguments: ["cjk", "latin", "mixed"])
    func jumpsEqualBisection(_ kind: String) throws {
        let system = TextSystem()
        let texts: [String] =
            switch kind {
            case "cjk": Self.mixed.filter { !$0.contains("HowdyKit") } + Self.realTexts().prefix(12)
            case "latin":
                [
                    "Get reminders at the right time and keep every plan in one place, shared with family.",
                    "Your data stays on this device unless you choose to sync it with your other devices.",
                ]
            default: Self.mixed
            }
        for name in ["Inter-Bold", "Inter-Regular"] {
            let font = try system.font(named: name, size: 19)
            for text in texts {
                let shaped = try ShapedText(text, font: font)
                for width in stride(from: 90.0, through: 420.0, by: 23.25) {
                    let fixed = try ShapedText.fixedWidth(width)
                    guard fixed >= shaped.maxSegmentWidth else { continue }
                    let breaker = LineBreaker(shaped: shaped, graphemes: nil)
                    let count = breaker.lineCount(width: fixed)
                    guard count > 1 else { continue }
                    let found = Balancer(breaker: breaker).narrowestWidth(keeping: count, at: fixed)
                    // Plain bisection over whole 1/64 px, up to the width given.
                    let step = ShapedText.unitsPer64th
                    // Widths below the widest word are never asked for (`narrowestWidth`).
                    var failing = (shaped.maxSegmentWidth + step - 1) / step - 1
                    var passing = fixed / step
                    while passing - failing > 1 {
                        let mid = (failing + passing) / 2
                        if breaker.lineCount(width: mid * step, limit: count) <= count {
                            passing = mid
                        } else {
                            failing = mid
                        }
                    }
                    #expect(found == passing * step, "\(name) \(width): \(text)")
                }
            }
        }
    }
}
