/// The benchmark corpus: onboarding titles and subtitles (5–40 words) and long
/// paragraphs (60–200 words) in Latin, Arabic, Hebrew, CJK (Chinese), Devanagari
/// (Hindi), Thai and an emoji-heavy Latin mix, generated deterministically from word
/// lists so every run measures the same texts.
struct CorpusItem {
    var script: String
    var words: Int
    var text: String
    var font: String
    var size: Double
    var width: Double
}

/// One script's word list and how its words are joined.
struct ScriptWords {
    var script: String
    var list: [String]
    /// " " between words, or "" for scripts written without spaces (CJK, Thai).
    var separator: String
    /// List entries per "word": CJK entries are single ideographs, two make a word.
    var perWord: Int
    /// The locale a request in this script names ("" for none).
    var locale: String
}

enum Corpus {
    static let wordCounts = [5, 10, 20, 40, 60, 100, 200]

    /// The scripts measured, in report order.
    static let scripts: [ScriptWords] = [
        ScriptWords(script: "latin", list: latin, separator: " ", perWord: 1, locale: ""),
        ScriptWords(script: "arabic", list: arabic, separator: " ", perWord: 1, locale: "ar"),
        ScriptWords(script: "hebrew", list: hebrew, separator: " ", perWord: 1, locale: "he"),
        ScriptWords(script: "cjk", list: cjk, separator: "", perWord: 2, locale: "zh"),
        ScriptWords(script: "devanagari", list: devanagari, separator: " ", perWord: 1, locale: "hi"),
        ScriptWords(script: "thai", list: thai, separator: "", perWord: 1, locale: "th"),
        ScriptWords(script: "emoji", list: emojiMix, separator: " ", perWord: 1, locale: ""),
    ]

    /// The scripts the JSON-lines figures are reported for: Latin, Arabic, Japanese.
    static let jsonlScripts: [ScriptWords] = [
        scripts[0], scripts[1],
        ScriptWords(script: "japanese", list: japanese, separator: "", perWord: 2, locale: "ja"),
    ]

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

    private static let hebrew = """
        ברוכים הבאים לבית החדש שלך לתכנון רגוע קבל תזכורות שמגיעות ברגע הנכון ושמור כל תוכנית \
        במקום אחד הנתונים שלך נשארים במכשיר הזה אלא אם תבחר לסנכרן הפעל התראות כדי שנוכל לספר \
        לך מתי התוכנית מוכנה שתף רשימות עם המשפחה והחברים עקוב אחרי הרגלים וחגוג את ההצלחות הקטנות
        """.split(separator: " ").map(String.init)

    private static let cjk = Array(
        "欢迎使用全新的计划应用在合适的时间收到提醒把所有计划放在一个地方您的数据保存在这台设备上除非您选择同步开启通知以便我们在计划准备好时告诉您与家人和朋友分享清单"
    ).map(String.init)

    private static let japanese = Array(
        "新しい計画アプリへようこそ適切なタイミングで通知を受け取りすべての計画を一か所にまとめましょうデータは同期を選ばない限りこの端末に保存されます通知をオンにすると計画の準備ができたときにお知らせします家族や友人とリストを共有"
    ).map(String.init)

    private static let devanagari = """
        शांत योजना के लिए आपके नए घर में स्वागत है सही समय पर आने वाले अनुस्मारक पाएं और हर योजना \
        को एक जगह रखें आपका डेटा इस डिवाइस पर रहता है जब तक आप सिंक करना न चुनें सूचनाएं चालू करें \
        ताकि हम आपको बता सकें कि योजना कब तैयार है परिवार और दोस्तों के साथ सूचियां साझा करें
        """.split(separator: " ").map(String.init)

    /// Thai words, written without spaces between them (ICU's dictionary finds the breaks).
    private static let thai = """
        ยินดี ต้อนรับ สู่ บ้าน ใหม่ สำหรับ การ วางแผน อย่าง สงบ รับ การแจ้งเตือน ที่ มาถึง ใน เวลา ที่ \
        เหมาะสม และ เก็บ ทุก แผน ไว้ ใน ที่ เดียว ข้อมูล ของคุณ อยู่ บน อุปกรณ์ นี้ เปิด การแจ้งเตือน \
        เพื่อ ให้ เรา บอก คุณ เมื่อ แผน พร้อม แชร์ รายการ กับ ครอบครัว และ เพื่อน
        """.split(separator: " ").map(String.init)

    /// Latin words with an emoji (presentation emoji, a skin-tone modifier, a ZWJ family,
    /// a VS16 heart, a flag) every few words.
    private static let emojiMix: [String] = {
        let emoji = ["🎉", "👍🏽", "❤️", "🚀", "👨‍👩‍👧", "✨", "🇯🇵", "📅"]
        var words: [String] = []
        for (index, word) in latin.enumerated() {
            words.append(word)
            if index % 3 == 2 { words.append(emoji[(index / 3) % emoji.count]) }
        }
        return words
    }()

    /// `count` words of `script`, cycling through its list from `offset`.
    static func text(_ script: ScriptWords, words count: Int, offset: Int) -> String {
        var parts: [String] = []
        let list = script.list
        for index in 0..<(count * script.perWord) { parts.append(list[(index * 7 + offset) % list.count]) }
        var text = parts.joined(separator: script.separator)
        if let first = text.first, script.separator == " " { text = first.uppercased() + text.dropFirst() }
        return text
    }

    static let items: [CorpusItem] = {
        var items: [CorpusItem] = []
        for script in scripts {
            for words in wordCounts {
                let isTitle = words <= 40
                items.append(
                    CorpusItem(
                        script: script.script, words: words, text: text(script, words: words, offset: words),
                        font: isTitle ? "Inter-Bold" : "Inter-Regular", size: isTitle ? 28 : 17,
                        width: isTitle ? 320 : 360))
            }
        }
        return items
    }()
}
