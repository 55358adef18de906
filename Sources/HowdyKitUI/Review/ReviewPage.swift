import Foundation
import HowdyRender

/// The `index.html` of a review: one self-contained page (inline style and script, images
/// by relative path, nothing from the network) that works from the file system.
///
/// Changed images come first, each with its figures, four views (side by side, diff,
/// slider, onion skin; keys 1–4), and the command that accepts it; then new, removed and
/// unchanged images. `j`/`k` or the arrow keys move between changes. Opened as
/// `index.html#selftest`, the page checks itself (every image loads with a natural width
/// and decodes through `createImageBitmap`, every view can be
/// switched on, the keys move between changes) and writes the result as JSON into
/// `<pre id="selftest">` and `data-selftest="pass|fail"` on the root element.
/// `index.html#view=diff` (or `side`, `slider`, `onion`) opens in that view.
enum ReviewPage {
    static func html(_ review: Review) -> String {
        let counts = ReviewItem.Status.allCases.map { status in (status, review.items(status).count) }
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escapeHTML(review.title))</title>
            <style>\(style)</style></head>
            <body data-view="side">
            <header><h1>\(escapeHTML(review.title))</h1>
            <p class="counts">\(counts.map { "<a href=\"#\($0.0.rawValue)\">\($0.1) \(Self.heading($0.0).lowercased())</a>" }.joined(separator: " · "))</p>
            <nav class="views" aria-label="view">
            <button type="button" data-view="side">1 Side by side</button><button type="button" data-view="diff">2 Diff</button><button type="button" data-view="slider">3 Slider</button><button type="button" data-view="onion">4 Onion skin</button>
            <span class="hint">j/k or ↓/↑: next/previous change</span></nav>

            """
        if let all = review.acceptAllCommand {
            out +=
                "<details class=\"accept-all\"><summary>Accept every change</summary><pre><code>\(escapeHTML(all))</code></pre></details>\n"
        }
        out += "</header>\n<main>\n"
        for status in ReviewItem.Status.allCases {
            let items = review.items(status)
            out += "<section id=\"\(status.rawValue)\"><h2>\(Self.heading(status)) (\(items.count))</h2>\n"
            if items.isEmpty { out += "<p class=\"none\">None.</p>\n" }
            for (index, item) in items.enumerated() {
                out += article(item, id: "\(status.rawValue)-\(index + 1)")
            }
            out += "</section>\n"
        }
        out += "</main>\n<pre id=\"selftest\" hidden></pre>\n<script>\(script)</script>\n</body></html>\n"
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

    private static func article(_ item: ReviewItem, id: String) -> String {
        let kind = item.status == .unchanged ? "item" : "item change"
        var out =
            "<article class=\"\(kind) \(item.status.rawValue)\" id=\"\(id)\" data-name=\"\(escapeHTML(item.name))\">\n"
        out += "<h3><a href=\"#\(id)\">\(escapeHTML(item.name))</a></h3>\n"
        out += figures(item)
        if let note = item.note { out += "<p class=\"note\">\(escapeHTML(note))</p>\n" }
        switch item.status {
        case .changed:
            let before = image(item.expected, alt: "expected", size: item.expectedSize)
            let after = image(item.actual, alt: "actual", size: item.actualSize)
            out +=
                "<div class=\"view view-side\"><figure>\(before)<figcaption>Expected</figcaption></figure><figure>\(after)<figcaption>Actual</figcaption></figure></div>\n"
            if let diff = item.diff {
                out +=
                    "<div class=\"view view-diff\"><figure>\(image(diff, alt: "diff", size: item.actualSize))<figcaption>Diff: red differs, yellow anti-aliasing, grey unchanged</figcaption></figure></div>\n"
            } else {
                out += "<div class=\"view view-diff\"><p class=\"none\">No diff image: the sizes differ.</p></div>\n"
            }
            out +=
                "<div class=\"view view-slider\"><div class=\"stack\">\(before)<div class=\"top\" style=\"clip-path:inset(0 0 0 50%)\">\(after)</div><div class=\"handle\" style=\"left:50%\"></div></div><label>Expected ◀ <input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"slider position\"> ▶ Actual</label></div>\n"
            out +=
                "<div class=\"view view-onion\"><div class=\"stack\">\(before)<div class=\"top\" style=\"opacity:0.5\">\(after)</div></div><label>Expected <input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"actual's opacity\"> Actual</label></div>\n"
        case .new, .unchanged:
            // Unchanged images may be thousands: they load only when scrolled to.
            let picture = image(item.actual, alt: "actual", size: item.actualSize, lazy: item.status == .unchanged)
            out +=
                "<div class=\"single\"><figure>\(picture)<figcaption>\(item.status == .new ? "Actual (new)" : "Expected = actual")</figcaption></figure></div>\n"
        case .removed:
            out +=
                "<div class=\"single\"><figure>\(image(item.expected, alt: "expected", size: item.expectedSize))<figcaption>Expected (no actual image)</figcaption></figure></div>\n"
        }
        if !item.acceptCommands.isEmpty {
            out += "<div class=\"accept\"><span>Accept:</span>"
            for command in item.acceptCommands { out += "<pre><code>\(escapeHTML(command))</code></pre>" }
            out += "</div>\n"
        }
        out += "</article>\n"
        return out
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

    private static func image(_ path: String?, alt: String, size: PixelSize?, lazy: Bool = false) -> String {
        guard let path else { return "<p class=\"none\">(none)</p>" }
        var attributes = lazy ? " loading=\"lazy\"" : ""
        if let size { attributes += " width=\"\(size.width)\" height=\"\(size.height)\"" }
        return "<img src=\"\(escapeHTML(hrefPath(path)))\" alt=\"\(alt)\"\(attributes)>"
    }

    /// A relative path as a URL path: every byte but unreserved characters and `/`
    /// percent-encoded, so names with spaces, `#` or `?` still load.
    static func hrefPath(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/@")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    static let style = """
        :root{color-scheme:light dark;--bg:#f5f5f7;--fg:#1d1d1f;--muted:#6e6e73;--card:#fff;--accent:#0a66d8}
        @media (prefers-color-scheme:dark){:root{--bg:#111;--fg:#f5f5f7;--muted:#a1a1a6;--card:#1c1c1e;--accent:#5aa2ff}}
        body{font:14px/1.45 system-ui,-apple-system,Inter,sans-serif;margin:0;background:var(--bg);color:var(--fg)}
        header{position:sticky;top:0;z-index:2;background:var(--bg);padding:12px 24px;border-bottom:1px solid rgba(128,128,128,.3)}
        h1{font-size:18px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}h3{font-size:15px;margin:0 0 8px}
        main{padding:0 24px 48px}a{color:var(--accent)}.counts{margin:0 0 8px;color:var(--muted)}
        .views button{font:inherit;padding:4px 10px;margin-right:6px;border:1px solid rgba(128,128,128,.5);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
        body[data-view=side] button[data-view=side],body[data-view=diff] button[data-view=diff],body[data-view=slider] button[data-view=slider],body[data-view=onion] button[data-view=onion]{background:var(--accent);color:#fff;border-color:var(--accent)}
        .hint{color:var(--muted);font-size:12px;margin-left:8px}
        .item{background:var(--card);border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 6px rgba(0,0,0,.12);scroll-margin-top:120px}
        .item.current{outline:3px solid var(--accent)}
        .figures{display:flex;flex-wrap:wrap;gap:4px 20px;margin:0 0 8px}.figures div{display:flex;gap:6px}
        dt{color:var(--muted)}dd{margin:0;font-variant-numeric:tabular-nums}.note{color:var(--muted);margin:0 0 8px}
        figure{margin:0}figcaption{font-size:12px;color:var(--muted);margin-top:4px}
        img{display:block;max-width:100%;height:auto;max-height:70vh;width:auto;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
        .view{display:none}.view-side{gap:16px;flex-wrap:wrap}.view-side figure{max-width:calc(50% - 8px)}
        body[data-view=side] .view-side{display:flex}body[data-view=diff] .view-diff{display:block}
        body[data-view=slider] .view-slider{display:block}body[data-view=onion] .view-onion{display:block}
        .stack{position:relative;display:inline-block;max-width:100%}
        .stack .top{position:absolute;inset:0}.stack .top img{width:100%;height:100%;max-height:none;object-fit:fill}
        .stack .handle{position:absolute;top:0;bottom:0;width:2px;background:var(--accent);pointer-events:none}
        .view label{display:block;margin-top:6px;color:var(--muted);font-size:12px}.view input{width:240px;vertical-align:middle}
        .accept{margin-top:10px}.accept span{color:var(--muted);font-size:12px}
        pre{margin:4px 0;padding:8px;background:rgba(128,128,128,.12);border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
        .none{color:var(--muted)}
        """

    static let script = #"""
        "use strict";
        const changes = Array.from(document.querySelectorAll("article.change"));
        let current = -1;
        function setView(view) { document.body.dataset.view = view; }
        function go(step) {
          if (!changes.length) return;
          if (current >= 0) changes[current].classList.remove("current");
          current = Math.max(0, Math.min(changes.length - 1, current + step));
          changes[current].classList.add("current");
          changes[current].scrollIntoView({block: "start"});
        }
        for (const button of document.querySelectorAll("button[data-view]")) {
          button.addEventListener("click", () => setView(button.dataset.view));
        }
        for (const view of document.querySelectorAll(".view-slider")) {
          const input = view.querySelector("input"), top = view.querySelector(".top"), handle = view.querySelector(".handle");
          input.addEventListener("input", () => {
            top.style.clipPath = "inset(0 0 0 " + input.value + "%)";
            handle.style.left = input.value + "%";
          });
        }
        for (const view of document.querySelectorAll(".view-onion")) {
          const input = view.querySelector("input"), top = view.querySelector(".top");
          input.addEventListener("input", () => { top.style.opacity = String(input.value / 100); });
        }
        document.addEventListener("keydown", (event) => {
          if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
          const views = {"1": "side", "2": "diff", "3": "slider", "4": "onion"};
          if (event.key === "j" || event.key === "ArrowDown" || event.key === "ArrowRight") { go(1); event.preventDefault(); }
          else if (event.key === "k" || event.key === "ArrowUp" || event.key === "ArrowLeft") { go(-1); event.preventDefault(); }
          else if (views[event.key]) setView(views[event.key]);
        });

        // The self-check a headless browser runs (index.html#selftest).
        async function selftest() {
          const result = {images: 0, decoded: 0, broken: [], views: {}, navigation: {}, changes: changes.length};
          for (const img of Array.from(document.images)) {
            result.images += 1;
            // Lazy images load now, so every picture on the page is checked.
            if (img.loading === "lazy") img.loading = "eager";
            if (!img.complete) {
              await new Promise((done) => { img.addEventListener("load", done); img.addEventListener("error", done); });
            }
            // createImageBitmap decodes every pixel (and rejects an image that does not decode).
            let bitmapWidth = 0;
            try { const bitmap = await createImageBitmap(img); bitmapWidth = bitmap.width; bitmap.close(); } catch (error) {}
            if (img.complete && img.naturalWidth > 0 && bitmapWidth === img.naturalWidth) result.decoded += 1;
            else result.broken.push(img.getAttribute("src"));
          }
          const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).display !== "none";
          for (const view of ["side", "diff", "slider", "onion"]) {
            document.querySelector("button[data-view=" + view + "]").click();
            const own = Array.from(document.querySelectorAll("article.changed .view-" + view));
            const others = Array.from(document.querySelectorAll("article.changed .view:not(.view-" + view + ")"));
            const images = own.flatMap((element) => Array.from(element.querySelectorAll("img")));
            result.views[view] = {
              active: document.body.dataset.view === view,
              shown: own.filter(shown).length, of: own.length,
              othersShown: others.filter(shown).length,
              imagesLaidOut: images.filter((img) => img.getBoundingClientRect().width > 0).length, images: images.length
            };
          }
          const slider = document.querySelector(".view-slider input");
          if (slider) {
            slider.value = "25"; slider.dispatchEvent(new Event("input"));
            result.views.slider.clip = slider.closest(".view").querySelector(".top").style.clipPath;
          }
          const onion = document.querySelector(".view-onion input");
          if (onion) {
            onion.value = "30"; onion.dispatchEvent(new Event("input"));
            result.views.onion.opacity = onion.closest(".view").querySelector(".top").style.opacity;
          }
          const press = (key) => document.dispatchEvent(new KeyboardEvent("keydown", {key: key, bubbles: true}));
          press("j"); const first = current;
          press("ArrowDown"); const second = current;
          press("k"); const back = current;
          result.navigation = {afterJ: first, afterDown: second, afterK: back,
            currentName: current >= 0 ? changes[current].dataset.name : null};
          const v = result.views;
          result.ok = result.images > 0 && result.decoded === result.images &&
            ["side", "diff", "slider", "onion"].every((name) => v[name].active && v[name].shown === v[name].of && v[name].othersShown === 0 && v[name].imagesLaidOut === v[name].images) &&
            (!slider || v.slider.clip === "inset(0px 0px 0px 25%)" || v.slider.clip === "inset(0 0 0 25%)") &&
            (!onion || v.onion.opacity === "0.3") &&
            (changes.length < 2 || (first === 0 && second === 1 && back === 0));
          setView("side");
          const out = document.getElementById("selftest");
          out.textContent = JSON.stringify(result);
          out.hidden = false;
          document.documentElement.dataset.selftest = result.ok ? "pass" : "fail";
        }
        if (location.hash === "#selftest") window.addEventListener("load", () => { selftest(); });
        // index.html#view=slider opens in that view (for links and screenshots).
        const asked = /^#view=(side|diff|slider|onion)$/.exec(location.hash);
        if (asked) setView(asked[1]);
        """#
}
