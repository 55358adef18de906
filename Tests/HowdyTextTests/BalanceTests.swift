import Foundation
import HowdyText
import Synchronization
import Testing

@Suite("Balance")
struct BalanceTests {
    static let texts = [
        "Welcome to the calmest way to plan your week",
        "Turn on notifications so we can remind you when your plan is ready",
        "Your data stays on this device unless you choose to sync it",
        Fixtures.paragraph,
    ]

    @Test("balanced width is exact: 1/64 px narrower needs another line", arguments: texts)
    func exactWidth(text: String) throws {
        let font = try Fixtures.font(size: 22)
        let shaped = try ShapedText(text, font: font)
        for width in [180.0, 240, 333.3] {
            let greedy = try shaped.layout(width: width)
            let balanced = try shaped.balance(width: width)
            #expect(balanced.lineCount == greedy.lineCount)
            #expect(balanced.greedyLineCount == greedy.lineCount)
            #expect(balanced.width <= greedy.width)
            #expect(balanced.width <= width)
            #expect(try shaped.lineCount(width: balanced.width) == greedy.lineCount)
            if greedy.lineCount > 1 {
                #expect(try shaped.lineCount(width: balanced.width - 1.0 / 64) > greedy.lineCount)
            }
            // The reported width is the widest line actually achieved.
            #expect(balanced.width == balanced.lines.map(\.width).max())
        }
    }

    /// A word wider than the line is broken between letters by greedy layout too; every
    /// other word greedy kept whole stays whole in the balanced and even layouts. (The
    /// bisection once went below the widest such word: "notification|s" at 120 px.)
    @Test("with a word wider than the line, balancing still never splits a word greedy kept whole")
    func overlongWordSplitsNoOther() throws {
        let text = "Turn on notifications for Donaudampfschifffahrtsgesellschaft updates"
        let shaped = try ShapedText(text, font: try Fixtures.font(size: 17))
        let words = text.split(separator: " ").map(String.init)
        for width in stride(from: 90.0, through: 260, by: 5) {
            let greedy = try shaped.layout(width: width)
            let whole = Set(greedy.lineTexts.flatMap { $0.split(separator: " ").map(String.init) })
                .intersection(words)
            for objective in [BalanceObjective.narrowest, .even] {
                let balanced = try shaped.balance(width: width, objective: objective)
                let pieces = Set(balanced.lineTexts.flatMap { $0.split(separator: " ").map(String.init) })
                #expect(whole.isSubset(of: pieces), "\(objective) at \(width): \(balanced.lineTexts)")
                #expect(balanced.lineCount == greedy.lineCount)
            }
        }
    }

    @Test("a one-line text comes back unchanged")
    func oneLine() throws {
        let font = try Fixtures.font()
        let greedy = try layout(text: "Hello", font: font, width: 300)
        let balanced = try balance(text: "Hello", font: font, width: 300)
        #expect(balanced.lineTexts == greedy.lineTexts)
        #expect(balanced.width == greedy.width)
        #expect(balanced.strategy == .greedy)
    }

    @Test("no lonely last word: a title's last line grows")
    func lonelyWord() throws {
        let font = try Fixtures.font("Inter-Bold", size: 28)
        let text = "Get reminders for every plan you make"
        let shaped = try ShapedText(text, font: font)
        // Find a width where greedy leaves one word on the last line.
        var found = false
        for width in stride(from: 200.0, through: 500, by: 5) {
            let greedy = try shaped.layout(width: width)
            guard greedy.lineCount == 2, !greedy.lines[1].text.contains(" ") else { continue }
            let balanced = try shaped.balance(width: width)
            #expect(balanced.lines[1].text.contains(" "), "at \(width): \(balanced.lineTexts)")
            found = true
            break
        }
        #expect(found)
    }

    @Test("no line cap: a 200-word paragraph balances over dozens of lines")
    func noLineCap() throws {
        let font = try Fixtures.font(size: 16)
        let text = Array(repeating: Fixtures.paragraph, count: 2).joined(separator: " ")
        let shaped = try ShapedText(text, font: font)
        let greedy = try shaped.layout(width: 150)
        let balanced = try shaped.balance(width: 150)
        #expect(greedy.lineCount > 30)
        #expect(balanced.lineCount == greedy.lineCount)
        #expect(try shaped.lineCount(width: balanced.width - 1.0 / 64) > greedy.lineCount)
    }

    @Test("even: same line count, no worse sum of squared slack than narrowest", arguments: texts)
    func even(text: String) throws {
        let font = try Fixtures.font(size: 22)
        let shaped = try ShapedText(text, font: font)
        let width = 240.0
        let narrow = try shaped.balance(width: width)
        let even = try shaped.balance(width: width, objective: .even)
        #expect(even.lineCount == narrow.lineCount)
        #expect(even.lines.allSatisfy { $0.width <= width })
        func slack(_ layout: TextLayout) -> Double { layout.lines.reduce(0) { $0 + pow(width - $1.width, 2) } }
        if narrow.lineCount > 1 { #expect(slack(even) <= slack(narrow) + 1e-6) }
    }

    @Test("paragraphs keep their own line counts")
    func paragraphs() throws {
        let font = try Fixtures.font()
        let text = "A first paragraph with several words in it\nand a second one that is also long enough"
        let shaped = try ShapedText(text, font: font)
        let greedy = try shaped.layout(width: 200)
        let balanced = try shaped.balance(width: 200)
        #expect(balanced.lineCount == greedy.lineCount)
        #expect(balanced.lineTexts.contains { $0.hasPrefix("and a second") })
    }

    @Test("a word wider than the width still balances without extra lines")
    func overflowingWord() throws {
        let font = try Fixtures.font()
        let shaped = try ShapedText("Antidisestablishmentarianism is long", font: font)
        let greedy = try shaped.layout(width: 120)
        let balanced = try shaped.balance(width: 120)
        #expect(balanced.lineCount == greedy.lineCount)
        #expect(balanced.width <= 120)
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("shaping and balancing on many threads at once gives the same answers as on one")
    func concurrentBalance() throws {
        let font = try Fixtures.font(size: 18)
        let texts = BalanceTests.texts + ["مرحبا بك في تطبيقك الجديد للتخطيط الهادئ", "欢迎使用全新的计划应用在合适的时间收到提醒"]
        let expected = try texts.map { try balance(text: $0, font: font, width: 220).lineTexts }
        let results = Mutex([[String]?](repeating: nil, count: texts.count * 8))
        DispatchQueue.concurrentPerform(iterations: texts.count * 8) { index in
            let lines = try? balance(text: texts[index % texts.count], font: font, width: 220).lineTexts
            results.withLock { $0[index] = lines }
        }
        let all = results.withLock { $0 }
        for index in all.indices { #expect(all[index] == expected[index % texts.count]) }
    }
}
