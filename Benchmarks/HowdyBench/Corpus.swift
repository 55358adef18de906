/// The benchmark corpus: onboarding titles and subtitles (5–40 words) and long
/// paragraphs (60–200 words) in Latin, Arabic and CJK, generated deterministically
/// from word lists so every run measures the same texts.
struct CorpusItem {
    var script: String
    var words: Int
    var text: String
    var font: String
    var size: Double
    var width: Double
}

enum Corpus {
    static let wordCounts = [5, 10, 20, 40, 60, 100, 200]

    static var latinWords: [String] { latin }

    private static let latin = """
        welcome to your new home for calm planning get reminders that arrive at the right moment \
        and keep every plan in one place your data stays on this device unless you choose to sync \
        it turn on notifications so we can tell you when a plan is ready share lists with family \
        and friends track habits build streaks and celebrate the small wins that add up over time
        """.split(separator: " ").map(String.init)

    private static let arabic = """
        مرحبا بك في تطبيقك الجديد للتخطيط الهادئ احصل على تذكيرات تصل في الوقت المناسب واحتفظ بكل \
        خططك في مكان واحد بياناتك تبقى على هذا الجهاز إلا إذا اخترت المزامنة فعل الإشعارات حتى \
        نخبرك عندما تكون خطتك جاهزة شارك القوائم مع العائلة والأصدقاء وتابع عاداتك اليومية
        """.split(separator: " ").map(String.init)

    private static let cjk = Array(
        "欢迎使用全新的计划应用在合适的时间收到提醒把所有计划放在一个地方您的数据保存在这台设备上除非您选择同步开启通知以便我们在计划准备好时告诉您与家人和朋友分享清单"
    ).map(String.init)

    /// `count` words of `list`, cycling; CJK "words" are two ideographs with no spaces.
    static func text(_ list: [String], words count: Int, separator: String, offset: Int) -> String {
        let perWord = separator.isEmpty ? 2 : 1
        var parts: [String] = []
        for index in 0..<(count * perWord) { parts.append(list[(index * 7 + offset) % list.count]) }
        var text = parts.joined(separator: separator)
        if let first = text.first, separator == " " { text = first.uppercased() + text.dropFirst() }
        return text
    }

    static let items: [CorpusItem] = {
        var items: [CorpusItem] = []
        for (script, list, separator) in [("latin", latin, " "), ("arabic", arabic, " "), ("cjk", cjk, "")] {
            for words in wordCounts {
                let isTitle = words <= 40
                items.append(
                    CorpusItem(
                        script: script, words: words,
                        text: text(list, words: words, separator: separator, offset: words),
                        font: isTitle ? "Inter-Bold" : "Inter-Regular", size: isTitle ? 28 : 17,
                        width: isTitle ? 320 : 360))
            }
        }
        return items
    }()
}
