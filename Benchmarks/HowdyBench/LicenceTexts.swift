import Foundation
import HowdyText

/// Fresh paragraphs of real prose nobody here wrote, as the Python benchmark makes them
/// (bindings/python/tests/corpus.py, `FreshTexts`): runs of words from Debian's licence
/// texts in /usr/share/common-licenses, each as long as one of their sentences of 4 to 40
/// words, in one of four Inter styles at its width scaled by 0.8 to 1.2 (quarter px).
/// Every text handed out is new, so a layout of one stores what a corpus's first sight
/// stores (new words, segments): what two threads balancing a corpus contend on, which a
/// repeated set never shows. Seeded: the same seed gives the same texts.
struct LicenceTexts {
    /// A paragraph to balance: its text, style and width (px).
    struct Paragraph {
        var text: String
        var font: Font
        var width: Double
    }

    /// The licences read, in order; any that is missing is skipped.
    static let sources = ["GPL-3", "Apache-2.0", "GFDL-1.3", "Artistic", "LGPL-2.1"]

    private let words: [Substring]
    private let lengths: [Int]
    private let fonts: [(font: Font, width: Double)]
    private var generator: SplitMix64
    private var seen: Set<String> = []

    /// Nil when no licence text is installed (not a Debian machine).
    init?(seed: UInt64 = 2312) throws {
        var sentences: [String] = []
        for name in Self.sources {
            guard let data = FileManager.default.contents(atPath: "/usr/share/common-licenses/\(name)") else {
                continue
            }
            let text = String(decoding: data, as: UTF8.self)
            var sentence: [Substring] = []
            for word in text.split(whereSeparator: \.isWhitespace) {
                sentence.append(word)
                guard let last = word.last, ".;:".contains(last) else { continue }
                if (4...40).contains(sentence.count) { sentences.append(sentence.joined(separator: " ")) }
                sentence = []
            }
        }
        guard !sentences.isEmpty else { return nil }
        let joined = sentences.joined(separator: " ")
        words = joined.split(separator: " ")
        lengths = sentences.map { $0.split(separator: " ").count }
        fonts = [
            (try Font(named: "Inter-Bold", size: 28), 330), (try Font(named: "Inter-Regular", size: 17), 320),
            (try Font(named: "Inter-SemiBold", size: 22), 280), (try Font(named: "Inter-Medium", size: 15), 360),
        ]
        generator = SplitMix64(seed: seed)
    }

    /// `count` paragraphs never handed out before.
    mutating func next(_ count: Int) -> [Paragraph] {
        var out: [Paragraph] = []
        out.reserveCapacity(count)
        while out.count < count {
            let length = lengths[Int(generator.next() % UInt64(lengths.count))]
            let start = Int(generator.next() % UInt64(words.count - length))
            let text = words[start..<(start + length)].joined(separator: " ")
            guard seen.insert(text).inserted else { continue }
            let (font, width) = fonts[Int(generator.next() % UInt64(fonts.count))]
            let scale = 0.8 + Double(generator.next() % 1601) / 4000
            out.append(Paragraph(text: text, font: font, width: (width * scale * 4).rounded() / 4))
        }
        return out
    }
}
