import Testing

@testable import HowdyText

/// Runs of unified ideographs are itemised by a loop of their own (`Itemization.ideographs`)
/// that gives each ideograph the font of the one before when it would get the same one:
/// the primary font's when it covers both, the same fallback face's when it covers
/// neither. Its answers must be those of the general walk (`remembers: false`), also
/// where consecutive ideographs change font (a Korean primary face covers some Hanja and
/// not others), where a variation selector follows one, and between kana and punctuation.
@Suite struct IdeographRunItemizationTests {
    /// Ideographs every `stride` code points of CJK Unified Ideographs and Extension A, in
    /// texts of 48, some with a variation selector, kana or punctuation in between.
    static func texts() -> [String] {
        var scalars: [Unicode.Scalar] = []
        for value in Swift.stride(from: 0x4E00, through: 0x9FFF, by: 7) { scalars.append(Unicode.Scalar(value)!) }
        for value in Swift.stride(from: 0x3400, through: 0x4DBF, by: 11) { scalars.append(Unicode.Scalar(value)!) }
        var texts: [String] = []
        for start in Swift.stride(from: 0, to: scalars.count, by: 48) {
            let slice = scalars[start..<min(start + 48, scalars.count)]
            let plain = String(String.UnicodeScalarView(slice))
            texts.append(plain)
            // The same ideographs with a selector, kana, punctuation and Latin among them.
            var mixed = ""
            for (index, scalar) in slice.enumerated() {
                mixed.unicodeScalars.append(scalar)
                switch index % 12 {
                case 3: mixed += "\u{FE0F}"
                case 5: mixed += "の"
                case 7: mixed += "、"
                case 9: mixed += "\u{FE0E}"
                case 11: mixed += "a"
                default: break
                }
            }
            texts.append(mixed)
        }
        return texts
            + [
                "韓國語漢字가나다韓國", "一丁七万丈三上下不与丐丑专且丕世丗丘丙业丛东丝", "葛\u{E0100}城市葛城", "𠮷野家𠮷",
            ]
    }

    @Test("ideograph runs get the fonts and scripts the general walk gives them")
    func ideographRunsEqualWalkedRuns() throws {
        let texts = Self.texts()
        #expect(texts.count > 100)
        var changes = 0
        for name in ["NanumSquareR", "NanumSquareB", "Inter-Regular", "DroidSansFallbackFull"] {
            let walking = TextSystem()
            let walkingFont = try walking.font(named: name, size: 19)
            let system = TextSystem()
            let font = try system.font(named: name, size: 19)
            // Twice: the chain's answers unknown at first for some characters, then known.
            for _ in 0..<2 {
                for text in texts {
                    let walked = try ItemizationFastPathTests.runs(text, walkingFont, remembers: false)
                    let runs = try ItemizationFastPathTests.runs(text, font)
                    #expect(runs == walked, "\(name): \(text)")
                    if name == "NanumSquareR" { changes += runs.count }
                }
            }
        }
        // The Korean face covers some of the ideographs and not others: the font changes
        // inside ideograph runs, which is what the loop must stop at.
        #expect(changes > 2000)
    }
}
