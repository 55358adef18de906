import Foundation
import FuzzDriver
import HowdyReview

/// libFuzzer entry: names and a failure manifest in, the review page out. The input is
/// split at the first NUL: before it, one name per line (also used as facets, notes, the
/// title and a folder); after it, a failure manifest whose entries become items too. The
/// page must parse (by `PageReader`, a tokenizer of the HTML subset the page uses) to only
/// the page's own tags and attributes, with every name whole in its card's `data-name`
/// and caption.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReviewPage(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    var names = String(decoding: bytes[..<split], as: UTF8.self).split(separator: "\n").map(String.init)
    var notes: [String: String] = [:]
    if split < bytes.count, let manifest = manifestFailures(Data(bytes[(split + 1)...])) {
        for failure in manifest {
            names.append(failure.name)
            notes[failure.name] = failure.message
        }
    }
    names = Array(Set(names.filter { !$0.isEmpty })).sorted().prefix(64).map { $0 }
    guard !names.isEmpty else { return 0 }
    var items: [ReviewItem] = []
    for (index, name) in names.enumerated() {
        var item = ReviewItem(id: index + 1, name: name, status: index % 3 == 0 ? .changed : index % 3 == 1 ? .new : .removed)
        item.actual = name
        item.expected = name
        item.thumbnail = "images/\(index + 1)/thumb.png"
        item.note = notes[name] ?? name
        item.facets = ReviewItem.Facets(screen: name, device: names[(index + 1) % names.count], scheme: name, locale: name, typeSize: name)
        item.signature = index % 2 == 0 ? "a" : name
        items.append(item)
    }
    let groups = Review.group(&items)
    let review = Review(
        title: names[0], items: items, groups: groups, digest: "0123456789abcdef",
        sourceArguments: "--expected '\(names[0])'", command: "howdy",
        decision: ReviewDecision(digest: "0123456789abcdef", accept: [], expected: [names[0]], actual: names))
    let html = review.html()
    let page = PageReader(html)
    check(page.ok, "the page does not tokenize: \(page.problem)")
    check(page.attributes.isSubset(of: PageReader.allowed), "injected: \(page.attributes.subtracting(PageReader.allowed))")
    check(page.scripts == 2, "a script element was injected")
    for (id, name) in page.cards {
        check(names[id - 1] == name, "card #\(id) shows \(Array(name.unicodeScalars)) for \(Array(names[id - 1].unicodeScalars))")
    }
    check(Set(page.cards.map(\.0)).count == names.count, "a card is missing")
    return 0
}

/// Stops the run with `message` (precondition's message is dropped in -O builds).
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("FuzzReviewPage: \(message())\n".utf8))
        abort()
    }
}

private func manifestFailures(_ data: Data) -> [FailureManifest.Entry]? {
    let folder = URL(fileURLWithPath: String(cString: howdy_fuzz_scratch_folder())).appendingPathComponent("fuzz-review-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("manifest.json")
    guard (try? data.write(to: file)) != nil else { return nil }
    return (try? FailureManifest(contentsOf: file))?.failures
}

/// Reads the page's HTML subset: tags with double-quoted attributes, text with entities,
/// and raw-text script elements. Anything else is a problem.
struct PageReader {
    static let allowed: Set<String> = [
        "lang", "charset", "name", "content", "data-view", "href", "type", "id", "aria-keyshortcuts", "title",
        "aria-label", "role", "aria-live", "hidden", "class", "data-group", "data-ids", "data-signature", "data-id",
        "data-status", "data-name", "data-device", "data-scheme", "data-locale", "data-size", "data-screen",
        "data-decide", "src", "alt", "loading", "decoding", "width", "height", "style", "tabindex", "aria-valuemin",
        "aria-valuemax", "aria-valuenow", "min", "max", "value", "data-facet", "placeholder", "aria-modal",
        "aria-labelledby",
    ]
    var ok = true
    var problem = ""
    var attributes = Set<String>()
    var scripts = 0
    var cards: [(Int, String)] = []

    init(_ html: String) {
        let s = Array(html.unicodeScalars)
        var i = 0
        var card: (Int, String)? = nil
        var caption: String? = nil
        while i < s.count, ok {
            if s[i] != "<" {
                if s[i] == ">" { ok = false; problem = "a raw > in text at \(i)"; break }
                if caption != nil {
                    var text = ""
                    while i < s.count, s[i] != "<" { text.unicodeScalars.append(s[i]); i += 1 }
                    caption! += decode(text)
                    continue
                }
                i += 1
                continue
            }
            if s[i...].starts(with: "<!--".unicodeScalars) { ok = false; problem = "a comment"; break }
            if s[i...].starts(with: "<!doctype html>".unicodeScalars) { i += 15; continue }
            var j = i + 1
            let closing = j < s.count && s[j] == "/"
            if closing { j += 1 }
            var tag = ""
            while j < s.count, ("a"..."z").contains(s[j]) || ("0"..."9").contains(s[j]) { tag.unicodeScalars.append(s[j]); j += 1 }
            guard !tag.isEmpty else { ok = false; problem = "a < that opens no tag at \(i)"; break }
            var values: [String: String] = [:]
            while j < s.count, s[j] != ">" {
                if s[j] == " " { j += 1; continue }
                var name = ""
                while j < s.count, s[j] != "=", s[j] != " ", s[j] != ">" { name.unicodeScalars.append(s[j]); j += 1 }
                attributes.insert(name)
                if j < s.count, s[j] == "=" {
                    guard j + 1 < s.count, s[j + 1] == "\"" else { ok = false; problem = "an unquoted value of \(name)"; break }
                    j += 2
                    var value = ""
                    while j < s.count, s[j] != "\"" {
                        if s[j] == "<" || s[j] == ">" { ok = false; problem = "a raw < or > in \(name)" }
                        value.unicodeScalars.append(s[j]); j += 1
                    }
                    j += 1
                    values[name] = decode(value)
                }
            }
            i = j + 1
            if closing {
                if tag == "p", let text = caption, let current = card {
                    if text != "#\(current.0) \(current.1)" { ok = false; problem = "the caption of #\(current.0) reads \(text)" }
                    cards.append(current)
                    caption = nil
                }
                continue
            }
            if tag == "article", let id = values["data-id"].flatMap({ Int($0) }), let name = values["data-name"],
                (values["class"] ?? "").contains("card")
            {
                card = (id, name)
            }
            if tag == "p", values["class"] == "caption" {
                caption = ""
            }
            if tag == "script" || tag == "style" {
                if tag == "script" { scripts += 1 }
                // Raw text up to the element's end tag: the page's JSON never holds "<".
                let end = Array("</\(tag)>".unicodeScalars)
                var k = i
                while k < s.count, !s[k...].starts(with: end) { k += 1 }
                i = k
            }
        }
    }

    /// Entities decoded per Unicode scalar: `String.replacingOccurrences` compares
    /// `Character`s, and `&#39;` followed by U+0301 ends in the grapheme `;́`, not `;`.
    private func decode(_ text: String) -> String {
        let entities: [(String, Unicode.Scalar)] = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        outer: while i < scalars.count {
            if scalars[i] == "&" {
                for (entity, scalar) in entities where scalars[i...].starts(with: entity.unicodeScalars) {
                    out.append(scalar)
                    i += entity.unicodeScalars.count
                    continue outer
                }
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }
}
