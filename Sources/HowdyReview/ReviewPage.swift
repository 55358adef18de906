import Foundation
import HowdyJSON
import HowdyOutput
import HowdyRender

/// The `index.html` of a review: one self-contained page (inline style and script, images
/// by relative path, nothing from the network) that works from the file system and never
/// runs anything: approving only builds a command or a decision file to copy.
///
/// Changes come first, one card per group of identical changes ("this change on 24
/// screens") showing a representative in four views (side by side, diff, slider, onion
/// skin; keys 1–4) with a box around each changed region; the card expands to every
/// member. Click an image to zoom both sides to pixel level at that point; drag the
/// slider's handle on the image. Filters (device, scheme, locale, type size, screen) and a
/// search box narrow every section; `?` lists the keys. Approve or reject a group or an
/// image: decisions stay in the browser's local storage, and "Copy command" / "Save
/// decision.json" accept exactly the approved IDs.
///
/// Opened as `index.html#selftest`, the page checks itself and writes the result as JSON
/// into `<pre id="selftest">` and `data-selftest="pass|fail"` on the root element. Hash
/// parameters set a state (for links and screenshots): `#view=slider&slider=25&zoom=1&
/// expand=1&device=phone&q=goal&help=1&approve=1`.
enum ReviewPage {
    static func html(_ review: Review, directory: URL) -> String {
        let changed = review.items(.changed)
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escapeHTML(review.title))</title>
            <style>\(ReviewPageAssets.style)</style></head>
            <body data-view="side">
            <header class="top-bar"><div class="title-row"><h1>\(escapeHTML(review.title))</h1>
            <p class="counts"><a href="#changed">\(changed.count) changed in \(review.groups.count) group\(review.groups.count == 1 ? "" : "s")</a> · <a href="#new">\(review.items(.new).count) new</a> · <a href="#removed">\(review.items(.removed).count) removed</a> · <a href="#unchanged">\(review.items(.unchanged).count) unchanged</a></p>
            <button type="button" id="help-button" aria-keyshortcuts="?" title="Keyboard shortcuts (?)">?</button></div>
            <nav class="views" aria-label="view">
            <button type="button" data-view="side" aria-keyshortcuts="1">1 Side by side</button><button type="button" data-view="diff" aria-keyshortcuts="2">2 Diff</button><button type="button" data-view="slider" aria-keyshortcuts="3">3 Slider</button><button type="button" data-view="onion" aria-keyshortcuts="4">4 Onion skin</button>
            </nav>
            \(filters(review))
            <div class="decision" aria-live="polite"><span id="decision-count">No decisions yet</span>
            <button type="button" id="copy-command">Copy command</button><button type="button" id="save-decision">Save decision.json</button><button type="button" id="clear-decisions">Clear decisions</button>
            <pre id="decision-out" hidden></pre></div>
            </header>
            <main>

            """
        out += "<section id=\"changed\"><h2>Changed (\(changed.count) in \(review.groups.count) group\(review.groups.count == 1 ? "" : "s"))</h2>\n"
        if review.groups.isEmpty { out += "<p class=\"none\">None.</p>\n" }
        let byID = Dictionary(uniqueKeysWithValues: review.items.map { ($0.id, $0) })
        for (index, group) in review.groups.enumerated() {
            out += groupCard(group, members: group.members.compactMap { byID[$0] }, first: index == 0)
        }
        out += "</section>\n"
        for status in [ReviewItem.Status.new, .removed, .unchanged] {
            let items = review.items(status)
            out += "<section id=\"\(status.rawValue)\"><h2>\(heading(status)) (\(items.count))</h2>\n"
            if items.isEmpty { out += "<p class=\"none\">None.</p>\n" }
            out += "<div class=\"grid\">\n"
            for item in items { out += card(item, open: false) }
            out += "</div></section>\n"
        }
        out += "</main>\n\(help)\n<pre id=\"selftest\" hidden></pre>\n"
        out += "<script type=\"application/json\" id=\"review-data\">\(data(review))</script>\n"
        out += "<script>\(ReviewPageAssets.script)</script>\n</body></html>\n"
        return out
    }

    static func heading(_ status: ReviewItem.Status) -> String {
        switch status {
        case .changed: "Changed"
        case .new: "New"
        case .removed: "Removed"
        case .unchanged: "Unchanged"
        }
    }

    /// What the script needs: the digest and the source for the decision, JSON inside a
    /// script element (`<`, `>`, `&` and U+2028/9 as `\u` escapes, so no text ends it).
    static func data(_ review: Review) -> String {
        struct Data: Encodable {
            var prefix: String
            var source: String
            var decision: ReviewDecision
        }
        let value = Data(prefix: "\(review.command) review --accept", source: review.sourceArguments, decision: review.decision)
        // Encoding strings and arrays of plain values cannot fail; "{}" keeps the page
        // loadable should that ever change.
        let json = (try? JSONTreeEncoder.encode(value, pretty: false)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return Escaping.jsonInScript(json)
    }

    /// The filter bar: one list per facet that has more than one value, and the search box.
    private static func filters(_ review: Review) -> String {
        var out = "<div class=\"filters\" role=\"search\">"
        let facets: [(String, String, KeyPath<ReviewItem.Facets, String?>)] = [
            ("device", "Device", \.device), ("scheme", "Scheme", \.scheme), ("locale", "Locale", \.locale),
            ("size", "Type size", \.typeSize), ("screen", "Screen", \.screen),
        ]
        for (key, label, path) in facets {
            let values = Set(review.items.compactMap { $0.facets[keyPath: path] }).sorted()
            guard values.count > 1 else { continue }
            out += "<label>\(label) <select data-facet=\"\(key)\"><option value=\"\">all</option>"
            for value in values { out += "<option value=\"\(escapeHTML(value))\">\(escapeHTML(value))</option>" }
            out += "</select></label>"
        }
        out +=
            "<label>Search <input type=\"search\" id=\"search\" placeholder=\"name contains… (/)\" aria-keyshortcuts=\"/\"></label><span id=\"filter-count\" class=\"muted\"></span></div>"
        return out
    }

    /// The attributes that filters and decisions read.
    private static func attributes(_ item: ReviewItem) -> String {
        var out = "data-id=\"\(item.id)\" data-status=\"\(item.status.rawValue)\" data-name=\"\(escapeHTML(item.name))\""
        let facets: [(String, String?)] = [
            ("device", item.facets.device), ("scheme", item.facets.scheme), ("locale", item.facets.locale),
            ("size", item.facets.typeSize), ("screen", item.facets.screen),
        ]
        for (key, value) in facets {
            if let value { out += " data-\(key)=\"\(escapeHTML(value))\"" }
        }
        return out
    }

    /// A group's card: its representative's viewer, the count, and every member (in a
    /// closed `<details>`: nothing of it is fetched or laid out until it opens). Only the
    /// first group's side-by-side pictures load at once; every other picture is lazy.
    private static func groupCard(_ group: Review.Group, members: [ReviewItem], first: Bool) -> String {
        guard let representative = members.first else { return "" }
        let ids = members.map { String($0.id) }.joined(separator: " ")
        let count = members.count
        var out = "<article class=\"group\" id=\"group-\(group.id)\" data-group=\"\(group.id)\" data-ids=\"\(ids)\" data-signature=\"\(escapeHTML(group.signature))\">\n"
        out += "<div class=\"group-head\"><h3><a href=\"#group-\(group.id)\">"
        out += count == 1 ? "This change on 1 screen" : "This change on \(count) screens"
        out += "</a></h3>\(decide(ids, label: count == 1 ? "" : " all \(count)"))</div>\n"
        out += "<p class=\"muted shown-note\">Shown: #\(representative.id) \(escapeHTML(representative.name))</p>\n"
        out += figures(representative)
        if let note = representative.note { out += "<p class=\"note\">\(escapeHTML(note))</p>\n" }
        out += viewer(representative, eagerSide: first)
        out += "<details class=\"members\"><summary>Show \(count == 1 ? "it" : "all \(count)")</summary><div class=\"grid\">\n"
        for member in members { out += card(member, open: false) }
        out += "</div></details>\n</article>\n"
        return out
    }

    /// One image as a grid card: its thumbnail (with the changed regions), name, figures
    /// and decision buttons; a change opens into its full viewer, kept in an inert
    /// `<template>` until then (the page's size grows with the images, its opening does not).
    private static func card(_ item: ReviewItem, open: Bool) -> String {
        var out = "<article class=\"item card \(item.status.rawValue)\" id=\"item-\(item.id)\" \(attributes(item))>\n"
        let picture = item.thumbnail ?? item.actual ?? item.expected
        let size = item.actualSize ?? item.expectedSize
        if let picture {
            let boxes = item.status == .changed ? regionBoxes(item) : ""
            out += "<button type=\"button\" class=\"thumb\" aria-label=\"open #\(item.id)\"><span class=\"frame\">\(image(picture, alt: "#\(item.id)", size: size, lazy: true))\(boxes)</span></button>\n"
        }
        out += "<p class=\"caption\"><span class=\"id\">#\(item.id)</span> \(escapeHTML(item.name))</p>\n"
        if item.status != .unchanged { out += decide(String(item.id), label: "") }
        if item.status == .changed {
            out += "<template class=\"detail\"><div class=\"detail\" hidden>\(figures(item))\(viewer(item, eagerSide: false))</div></template>\n"
        }
        out += "</article>\n"
        return out
    }

    /// Approve and reject buttons for `ids` (space-separated); a group's state starts as
    /// "0/N approved", as the script writes it once there are decisions.
    private static func decide(_ ids: String, label: String) -> String {
        let count = ids.split(separator: " ").count
        let state = count > 1 ? "0/\(count) approved" : ""
        return "<span class=\"decide\"><button type=\"button\" class=\"approve\" data-decide=\"approved\" data-ids=\"\(ids)\">Approve\(label)</button><button type=\"button\" class=\"reject\" data-decide=\"rejected\" data-ids=\"\(ids)\">Reject\(label)</button><span class=\"state\">\(state)</span></span>"
    }

    /// The four views of a change; every picture carries the boxes of the changed regions.
    /// Pictures load lazily (those of hidden views when their view is chosen), but for the
    /// side-by-side pair when `eagerSide`.
    private static func viewer(_ item: ReviewItem, eagerSide: Bool) -> String {
        let boxes = regionBoxes(item)
        let before = image(item.expected, alt: "expected", size: item.expectedSize, lazy: true)
        let after = image(item.actual, alt: "actual", size: item.actualSize, lazy: true)
        let sideBefore = image(item.expected, alt: "expected", size: item.expectedSize, lazy: !eagerSide)
        let sideAfter = image(item.actual, alt: "actual", size: item.actualSize, lazy: !eagerSide)
        var out = "<div class=\"viewer\" data-id=\"\(item.id)\">"
        out +=
            "<div class=\"view view-side\"><figure><div class=\"frame\"><div class=\"zoom\">\(sideBefore)\(boxes)</div></div><figcaption>Expected</figcaption></figure><figure><div class=\"frame\"><div class=\"zoom\">\(sideAfter)\(boxes)</div></div><figcaption>Actual</figcaption></figure></div>"
        if let diff = item.diff {
            out +=
                "<div class=\"view view-diff\"><figure><div class=\"frame\"><div class=\"zoom\">\(image(diff, alt: "diff", size: item.actualSize, lazy: true))\(boxes)</div></div><figcaption>Diff: red differs, yellow anti-aliasing, grey unchanged</figcaption></figure></div>"
        } else {
            out += "<div class=\"view view-diff\"><p class=\"none\">No diff image: the sizes differ.</p></div>"
        }
        out +=
            "<div class=\"view view-slider\"><figure><div class=\"frame slider\" tabindex=\"0\" role=\"slider\" aria-label=\"expected ◀ ▶ actual\" aria-valuemin=\"0\" aria-valuemax=\"100\" aria-valuenow=\"50\"><div class=\"zoom\">\(before)<div class=\"top\" style=\"clip-path:inset(0 0 0 50%)\">\(after)</div>\(boxes)<div class=\"handle\" style=\"left:50%\"><span></span></div></div></div><figcaption>Drag the handle on the image (or ←/→): expected on the left, actual on the right</figcaption></figure></div>"
        out +=
            "<div class=\"view view-onion\"><figure><div class=\"frame\"><div class=\"zoom\">\(before)<div class=\"top\" style=\"opacity:0.5\">\(after)</div>\(boxes)</div></div></figure><label>Expected <input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"actual's opacity\"> Actual</label></div>"
        out += "<p class=\"muted zoom-hint\">Click an image to zoom both to pixel level there (z); click again or Esc to zoom out.</p></div>\n"
        return out
    }

    /// A box per changed region, placed in % of the image so it follows any display size.
    private static func regionBoxes(_ item: ReviewItem) -> String {
        guard let size = item.actualSize, size.width > 0, size.height > 0 else { return "" }
        let regions = item.regions.isEmpty ? (item.figures?.changedArea.map { [$0] } ?? []) : item.regions
        return regions.map { region in
            let f = { (value: Int, total: Int) in String(format: "%.4f%%", Double(value) * 100 / Double(total)) }
            return
                "<i class=\"box\" style=\"left:\(f(region.x, size.width));top:\(f(region.y, size.height));width:\(f(region.width, size.width));height:\(f(region.height, size.height))\"></i>"
        }.joined()
    }

    private static func figures(_ item: ReviewItem) -> String {
        var rows: [(String, String)] = []
        if let expected = item.expectedSize, let actual = item.actualSize, expected != actual {
            rows.append(("size", "\(expected) → \(actual)"))
        } else if let size = item.actualSize ?? item.expectedSize {
            rows.append(("size", "\(size)"))
        }
        if let figures = item.figures {
            rows.append(("differing pixels", "\(figures.differingPixels) of \(figures.totalPixels)"))
            rows.append(("ratio", String(format: "%.6f (%.4f %%)", figures.ratio, figures.ratio * 100)))
            rows.append(("max distance", String(format: "%.4f", figures.maxDistance)))
            if let area = figures.changedArea {
                rows.append(("changed area", "\(area.width)×\(area.height) px at (\(area.x), \(area.y))"))
            }
            if item.regions.count > 1 { rows.append(("regions", "\(item.regions.count)")) }
            if let window = figures.densestWindowRatio {
                rows.append(("densest window", String(format: "%.4f", window)))
            }
            if let antiAliased = figures.antiAliasedPixels {
                rows.append(("anti-aliased (not counted)", "\(antiAliased)"))
            }
            if let threshold = figures.threshold { rows.append(("threshold", "\(threshold)")) }
        }
        guard !rows.isEmpty else { return "" }
        return "<dl class=\"figures\">"
            + rows.map { "<div><dt>\(escapeHTML($0.0))</dt><dd>\(escapeHTML($0.1))</dd></div>" }.joined() + "</dl>\n"
    }

    /// An `<img>` with its size given, so nothing moves when it arrives. A `lazy` one is
    /// fetched only near the viewport and decoded off the main thread; an eager one (the
    /// first group's pair) keeps the default decoding, so it paints with the page instead
    /// of showing an empty frame first.
    private static func image(_ path: String?, alt: String, size: PixelSize?, lazy: Bool) -> String {
        guard let path else { return "<p class=\"none\">(none)</p>" }
        var attributes = lazy ? " loading=\"lazy\" decoding=\"async\"" : ""
        if let size { attributes += " width=\"\(size.width)\" height=\"\(size.height)\"" }
        return "<img src=\"\(escapeHTML(hrefPath(path)))\" alt=\"\(escapeHTML(alt))\"\(attributes)>"
    }

    /// A relative path as a URL path: every byte but ASCII letters, digits, `-._~/`
    /// percent-encoded, so names with spaces, `#`, `?`, marks or controls still load.
    static func hrefPath(_ path: String) -> String {
        var allowed = CharacterSet()
        allowed.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    static let help = """
        <div id="help" role="dialog" aria-modal="true" aria-labelledby="help-title" hidden><div class="help-box">
        <h2 id="help-title">Keyboard</h2><dl class="keys">
        <div><dt>j / ↓</dt><dd>next change</dd></div><div><dt>k / ↑</dt><dd>previous change</dd></div>
        <div><dt>1 2 3 4</dt><dd>side by side, diff, slider, onion skin</dd></div>
        <div><dt>Enter / o</dt><dd>expand the group, open an image</dd></div>
        <div><dt>a / r</dt><dd>approve / reject the current group or image</dd></div>
        <div><dt>z</dt><dd>zoom the current change to pixel level (again: out)</dd></div>
        <div><dt>← / →</dt><dd>move the slider (when it has focus)</dd></div>
        <div><dt>/</dt><dd>search; Tab reaches every filter</dd></div>
        <div><dt>c</dt><dd>copy the command that accepts what is approved</dd></div>
        <div><dt>Esc</dt><dd>close this, zoom out</dd></div><div><dt>?</dt><dd>this help</dd></div></dl>
        <p class="muted">The page runs nothing: it copies a command, or saves decision.json for <code>howdy review --apply decision.json</code>. Decisions stay in this browser.</p>
        <button type="button" id="help-close">Close</button></div></div>
        """
}
