/// The review page's inline style and script (see `ReviewPage`).
enum ReviewPageAssets {
    static let style = """
        :root{color-scheme:light dark;--bg:#f5f5f7;--fg:#1d1d1f;--muted:#6e6e73;--card:#fff;--accent:#0a66d8;--box:#ff2d55;--ok:#1f8a3a;--no:#c5221f}
        @media (prefers-color-scheme:dark){:root{--bg:#111;--fg:#f5f5f7;--muted:#a1a1a6;--card:#1c1c1e;--accent:#5aa2ff;--ok:#4cc36b;--no:#ff6b60}}
        body{font:14px/1.45 system-ui,-apple-system,Inter,sans-serif;margin:0;background:var(--bg);color:var(--fg)}
        .top-bar{position:sticky;top:0;z-index:3;background:var(--bg);padding:10px 24px;border-bottom:1px solid rgba(128,128,128,.3)}
        .title-row{display:flex;gap:16px;align-items:baseline;flex-wrap:wrap}
        h1{font-size:18px;margin:0}h2{font-size:16px;margin:24px 0 8px}h3{font-size:15px;margin:0}
        main{padding:0 24px 48px}a{color:var(--accent)}.counts{margin:0;color:var(--muted)}.muted{color:var(--muted)}
        button{font:inherit;padding:3px 10px;border:1px solid rgba(128,128,128,.5);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
        button:focus-visible,select:focus-visible,input:focus-visible,.frame:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        #help-button{margin-left:auto;border-radius:50%;width:28px;height:28px;padding:0}
        .views,.filters,.decision{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center;margin-top:8px}
        body[data-view=side] .views [data-view=side],body[data-view=diff] .views [data-view=diff],body[data-view=slider] .views [data-view=slider],body[data-view=onion] .views [data-view=onion]{background:var(--accent);color:#fff;border-color:var(--accent)}
        select,input[type=search]{font:inherit;padding:2px 6px;border-radius:6px;border:1px solid rgba(128,128,128,.5);background:var(--card);color:var(--fg)}
        .group,.card{background:var(--card);border-radius:12px;box-shadow:0 1px 6px rgba(0,0,0,.12);scroll-margin-top:180px}
        .group{content-visibility:auto;contain-intrinsic-block-size:auto 760px}.card{content-visibility:auto;contain-intrinsic-block-size:auto 280px}
        .group{padding:16px;margin:14px 0}.group-head{display:flex;gap:16px;align-items:center;flex-wrap:wrap}
        .current{outline:3px solid var(--accent)}
        .figures{display:flex;flex-wrap:wrap;gap:2px 18px;margin:6px 0}.figures div{display:flex;gap:6px}
        dt{color:var(--muted)}dd{margin:0;font-variant-numeric:tabular-nums}.note{color:var(--muted);margin:0 0 8px}
        figure{margin:0}figcaption{font-size:12px;color:var(--muted);margin-top:4px}
        .frame{position:relative;display:inline-block;overflow:hidden;max-width:100%;vertical-align:top;line-height:0;box-shadow:0 0 0 1px rgba(128,128,128,.45)}
        .zoom{position:relative;transform-origin:0 0}
        .zoom img{display:block;max-width:100%;height:auto;max-height:max(240px,min(62vh,calc(100vh - 400px)));width:auto;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
        .viewer.zoomed .zoom img{image-rendering:pixelated}.viewer.zoomed .box{outline:none;box-shadow:0 0 0 calc(2px / var(--z,1)) var(--box);opacity:.8}
        .box{position:absolute;outline:calc(2px / var(--z,1)) solid var(--box);outline-offset:calc(2px / var(--z,1));pointer-events:none;box-shadow:0 0 0 calc(1px / var(--z,1)) rgba(255,255,255,.8)}
        .view{display:none;margin-top:8px}.view-side{gap:16px;flex-wrap:wrap}.view-side figure{max-width:calc(50% - 8px)}
        body[data-view=side] .view-side{display:flex}body[data-view=diff] .view-diff{display:block}
        body[data-view=slider] .view-slider{display:block}body[data-view=onion] .view-onion{display:block}
        .zoom .top{position:absolute;inset:0}.zoom .top img{width:100%;height:100%;max-height:none;object-fit:fill}
        .slider{cursor:ew-resize;touch-action:none}
        .handle{position:absolute;top:0;bottom:0;width:2px;margin-left:-1px;background:var(--accent);pointer-events:none}
        .handle span{position:absolute;top:50%;left:-9px;width:16px;height:28px;margin-top:-14px;border-radius:8px;background:var(--accent);border:2px solid #fff}
        .view label{display:block;margin-top:6px;color:var(--muted);font-size:12px}.view input{width:240px;vertical-align:middle}
        .zoom-hint{font-size:12px;margin:4px 0 0}
        .group:has(> details[open]) > .viewer,.group:has(> details[open]) > .figures,.group:has(> details[open]) > .shown-note{display:none}
        details.members{margin-top:12px}details.members summary{cursor:pointer;color:var(--accent)}
        .grid{display:flex;flex-wrap:wrap;gap:12px;margin-top:10px;align-items:flex-start}
        .card{padding:8px;width:180px}.card.open{width:100%}
        .card .thumb{padding:0;border:0;background:none;display:block}
        .card .thumb img{max-height:200px;max-width:164px;width:auto;height:auto;display:block;box-shadow:0 0 0 1px rgba(128,128,128,.35)}
        .caption{margin:6px 0 4px;font-size:12px;word-break:break-all}.id{color:var(--muted);font-variant-numeric:tabular-nums}
        .decide{display:inline-flex;gap:6px;align-items:center}.card .decide .state{display:none}
        [data-decision=approved]>.decide .state,[data-decision=approved]>.group-head .state{color:var(--ok)}
        [data-decision=rejected]>.decide .state,[data-decision=rejected]>.group-head .state{color:var(--no)}
        [data-decision=approved]{box-shadow:0 0 0 2px var(--ok)}[data-decision=rejected]{box-shadow:0 0 0 2px var(--no)}
        .decide button.on.approve{background:var(--ok);color:#fff;border-color:var(--ok)}.decide button.on.reject{background:var(--no);color:#fff;border-color:var(--no)}
        .filtered{display:none!important}
        #help{position:fixed;inset:0;background:rgba(0,0,0,.45);z-index:9;display:flex;align-items:center;justify-content:center}
        #help[hidden]{display:none}.help-box{background:var(--card);padding:20px 24px;border-radius:12px;max-width:520px}
        .keys div{display:flex;gap:12px}.keys dt{min-width:90px;font-weight:600;color:var(--fg)}
        pre{margin:4px 0;padding:8px;background:rgba(128,128,128,.12);border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-all;width:100%}
        .none{color:var(--muted)}
        """

    static let script = #"""
        "use strict";
        const data = JSON.parse(document.getElementById("review-data").textContent);
        const storeKey = "howdy-review:" + data.decision.digest;
        let decisions = {};
        try { decisions = JSON.parse(localStorage.getItem(storeKey) || "{}") || {}; } catch (error) { decisions = {}; }
        const $$ = (selector, root) => Array.from((root || document).querySelectorAll(selector));
        const ids = (element) => (element.dataset.ids || element.dataset.id || "").split(" ").filter((id) => /^[0-9]+$/.test(id)).map(Number);
        function setView(view) { document.body.dataset.view = view; }
        const within = (event, selector) => (event.target instanceof Element ? event.target.closest(selector) : null);

        // Decisions: kept per page digest in local storage; the page only builds text.
        function decide(list, value) {
          const same = list.every((id) => decisions[id] === value);
          for (const id of list) { if (same) delete decisions[id]; else decisions[id] = value; }
          try { localStorage.setItem(storeKey, JSON.stringify(decisions)); } catch (error) {}
          showDecisions();
        }
        function approved() { return Object.keys(decisions).filter((id) => decisions[id] === "approved").map(Number).sort((a, b) => a - b); }
        function decisionFile() { return JSON.stringify(Object.assign({}, data.decision, {accept: approved()}), null, 2) + "\n"; }
        function command() { const list = approved(); return list.length ? data.prefix + " " + list.join(" ") + " --digest " + data.decision.digest + " " + data.source : ""; }
        function showDecisions() {
          for (const element of $$("[data-ids], article.card")) {
            const list = ids(element);
            const values = new Set(list.map((id) => decisions[id] || ""));
            const value = values.size === 1 ? [...values][0] : (values.size ? "mixed" : "");
            if (element.matches("article")) { if (value) element.dataset.decision = value; else delete element.dataset.decision; }
            if (element.matches("button[data-decide]")) element.classList.toggle("on", value === element.dataset.decide);
          }
          for (const state of $$(".decide .state")) {
            const button = state.parentElement.querySelector("button"); const list = ids(button);
            const count = (v) => list.filter((id) => decisions[id] === v).length;
            state.textContent = list.length > 1 ? (count("approved") + "/" + list.length + " approved" + (count("rejected") ? ", " + count("rejected") + " rejected" : "")) : (decisions[list[0]] || "");
          }
          const all = Object.values(decisions);
          const a = all.filter((v) => v === "approved").length, r = all.filter((v) => v === "rejected").length;
          document.getElementById("decision-count").textContent = a + r ? a + " approved, " + r + " rejected" : "No decisions yet";
        }
        function reveal(text) { const out = document.getElementById("decision-out"); out.textContent = text; out.hidden = false; return out; }
        function copy(text) {
          const out = reveal(text);
          const fallback = () => { const range = document.createRange(); range.selectNodeContents(out); const s = getSelection(); s.removeAllRanges(); s.addRange(range); try { document.execCommand("copy"); } catch (error) {} };
          if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).catch(fallback); else fallback();
        }
        document.getElementById("copy-command").addEventListener("click", () => {
          const line = command();
          copy(line ? line + "\n# or: save decision.json and run: " + data.prefix.replace(/ --accept$/, "") + " --apply decision.json" : "# Approve a group or an image first.");
        });
        document.getElementById("save-decision").addEventListener("click", () => {
          const link = document.createElement("a");
          link.href = URL.createObjectURL(new Blob([decisionFile()], {type: "application/json"}));
          link.download = "decision.json"; document.body.appendChild(link); link.click(); link.remove();
          reveal("Saved decision.json; apply it with: " + data.prefix.replace(/ --accept$/, "") + " --apply decision.json");
        });
        document.getElementById("clear-decisions").addEventListener("click", () => { decisions = {}; try { localStorage.removeItem(storeKey); } catch (error) {} showDecisions(); });

        // A card's full viewer is an inert <template> until the card first opens: its
        // pictures are neither fetched nor laid out while the page opens.
        function openCard(card, open) {
          const template = card.querySelector(":scope > template.detail");
          if (template && open) template.replaceWith(template.content.cloneNode(true));
          const detail = card.querySelector(":scope > div.detail"); if (!detail) return;
          detail.hidden = !open; card.classList.toggle("open", open);
        }

        // Zoom: both pictures of a viewer zoom together, at the point clicked.
        function zoom(viewer, fx, fy) {
          const zooms = $$(".zoom", viewer);
          if (viewer.classList.contains("zoomed") || fx === null) {
            viewer.classList.remove("zoomed");
            for (const z of zooms) { z.style.transform = ""; z.style.removeProperty("--z"); }
            return;
          }
          const img = $$("img", viewer).find((i) => i.getClientRects().length && i.clientWidth) || viewer.querySelector("img");
          const natural = img && img.naturalWidth ? img.naturalWidth : 1, shown = img && img.clientWidth ? img.clientWidth : 1;
          const factor = Math.max(2, Math.min(64, 8 * natural / shown));
          viewer.classList.add("zoomed");
          for (const z of zooms) {
            z.style.transformOrigin = (fx * 100) + "% " + (fy * 100) + "%";
            z.style.transform = "scale(" + factor.toFixed(3) + ")";
            z.style.setProperty("--z", factor.toFixed(3));
          }
        }
        function zoomCurrent(viewer) {
          const box = viewer.querySelector(".box");
          if (viewer.classList.contains("zoomed") || !box) { zoom(viewer, viewer.classList.contains("zoomed") ? null : 0.5, 0.5); return; }
          const f = (v) => parseFloat(v) / 100;
          zoom(viewer, f(box.style.left) + f(box.style.width) / 2, f(box.style.top) + f(box.style.height) / 2);
        }
        const point = (element, event) => { const rect = element.querySelector(".zoom").getBoundingClientRect(); return [(event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height]; };

        // Slider: the handle is dragged on the image itself (pointer or ←/→).
        function setSlider(slider, percent) {
          percent = Math.max(0, Math.min(100, Math.round(percent * 10) / 10));
          for (const top of $$(".top", slider)) top.style.clipPath = "inset(0 0 0 " + percent + "%)";
          slider.querySelector(".handle").style.left = percent + "%";
          slider.setAttribute("aria-valuenow", String(percent));
        }
        let dragging = null;

        // One listener per kind of event for the whole page (nothing is wired per card, so
        // opening the page costs the same at 10 or 10,000 images).
        document.addEventListener("click", (event) => {
          const decideButton = within(event, "button[data-decide]");
          if (decideButton) { decide(ids(decideButton), decideButton.dataset.decide); return; }
          const viewButton = within(event, ".views button[data-view]");
          if (viewButton) { setView(viewButton.dataset.view); return; }
          const thumb = within(event, "article.card > .thumb");
          if (thumb) { const card = thumb.parentElement; openCard(card, !card.classList.contains("open")); return; }
          const frame = within(event, ".viewer .frame:not(.slider)");
          if (frame) {
            const viewer = frame.closest(".viewer");
            if (viewer.classList.contains("zoomed")) zoom(viewer, null); else zoom(viewer, ...point(frame, event));
          }
        });
        document.addEventListener("pointerdown", (event) => {
          const slider = within(event, ".frame.slider"); if (!slider) return;
          dragging = slider;
          if (slider.setPointerCapture && event.pointerId !== undefined) { try { slider.setPointerCapture(event.pointerId); } catch (error) {} }
          setSlider(slider, point(slider, event)[0] * 100); event.preventDefault();
        });
        document.addEventListener("pointermove", (event) => { if (dragging) setSlider(dragging, point(dragging, event)[0] * 100); });
        for (const end of ["pointerup", "pointercancel"]) document.addEventListener(end, () => { dragging = null; });
        document.addEventListener("dblclick", (event) => { const slider = within(event, ".frame.slider"); if (slider) zoom(slider.closest(".viewer"), ...point(slider, event)); });
        document.addEventListener("input", (event) => {
          const input = within(event, ".view-onion input"); if (!input) return;
          for (const top of $$(".top", input.closest(".view-onion"))) top.style.opacity = String(input.value / 100);
        });

        // Filters and search: cards and group members that do not match are hidden; a group
        // with no member left is hidden.
        const selects = $$("select[data-facet]"), search = document.getElementById("search");
        function applyFilters() {
          const wanted = selects.map((s) => [s.dataset.facet, s.value]).filter(([, v]) => v);
          const query = search.value.trim().toLowerCase();
          const matches = (element) => wanted.every(([k, v]) => element.dataset[k] === v) && (!query || (element.dataset.name || "").toLowerCase().includes(query) || ("#" + element.dataset.id) === query);
          let shown = 0, total = 0;
          for (const card of $$("article.card")) { const ok = matches(card); card.classList.toggle("filtered", !ok); }
          for (const group of $$("article.group")) {
            const members = $$("article.card", group), left = members.filter((m) => !m.classList.contains("filtered"));
            group.classList.toggle("filtered", left.length === 0);
            total += members.length; shown += left.length;
            const summary = group.querySelector("summary");
            summary.textContent = left.length === members.length ? "Show all " + members.length : "Show " + left.length + " of " + members.length + " (filtered)";
          }
          for (const card of $$("section:not(#changed) article.card")) { total += 1; if (!card.classList.contains("filtered")) shown += 1; }
          document.getElementById("filter-count").textContent = wanted.length || query ? shown + " of " + total + " shown" : "";
        }
        for (const s of selects) s.addEventListener("change", applyFilters);
        search.addEventListener("input", applyFilters);

        // Keyboard.
        const help = document.getElementById("help");
        function toggleHelp(show) { help.hidden = !show; if (show) document.getElementById("help-close").focus(); }
        document.getElementById("help-button").addEventListener("click", () => toggleHelp(true));
        document.getElementById("help-close").addEventListener("click", () => toggleHelp(false));
        let current = -1;
        const stops = () => $$("article.group:not(.filtered), section:not(#changed) article.card:not(.filtered):not(.unchanged)");
        function go(step) {
          const list = stops(); if (!list.length) return;
          for (const e of $$(".current")) e.classList.remove("current");
          current = Math.max(0, Math.min(list.length - 1, current + step));
          list[current].classList.add("current"); list[current].scrollIntoView({block: "start"});
        }
        document.addEventListener("keydown", (event) => {
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          const slider = within(event, ".frame.slider");
          if (slider && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
            setSlider(slider, Number(slider.getAttribute("aria-valuenow")) + (event.key === "ArrowLeft" ? -5 : 5)); event.preventDefault(); return;
          }
          if (event.key === "Escape") { toggleHelp(false); for (const v of $$(".viewer.zoomed")) zoom(v, null); if (event.target === search) search.blur(); return; }
          if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
          const target = $$(".current")[0];
          const views = {"1": "side", "2": "diff", "3": "slider", "4": "onion"};
          if (event.key === "?") { toggleHelp(help.hidden); event.preventDefault(); }
          else if (event.key === "j" || event.key === "ArrowDown") { go(1); event.preventDefault(); }
          else if (event.key === "k" || event.key === "ArrowUp") { go(-1); event.preventDefault(); }
          else if (views[event.key]) setView(views[event.key]);
          else if (event.key === "/") { search.focus(); event.preventDefault(); }
          else if (event.key === "c") document.getElementById("copy-command").click();
          else if (target && (event.key === "a" || event.key === "r")) decide(ids(target), event.key === "a" ? "approved" : "rejected");
          else if (target && event.key === "z") { const viewer = $$(".viewer", target).find((v) => v.getClientRects().length); if (viewer) zoomCurrent(viewer); }
          else if (target && (event.key === "o" || event.key === "Enter") && event.target === document.body) {
            const details = target.querySelector("details"); if (details) details.open = !details.open; else openCard(target, !target.classList.contains("open"));
          }
        });

        // State from the hash: #view=slider&slider=25&zoom=1&expand=1&device=phone&q=goal&help=1&approve=1
        function applyHash() {
          const params = new URLSearchParams(location.hash.slice(1));
          if (/^(side|diff|slider|onion)$/.test(params.get("view") || "")) setView(params.get("view"));
          for (const s of selects) if (params.has(s.dataset.facet)) s.value = params.get(s.dataset.facet);
          if (params.has("q")) search.value = params.get("q");
          applyFilters();
          if (params.get("expand") === "1") {
            for (const d of $$("details.members")) d.open = true;
          }
          if (params.has("approve")) { const g = document.querySelector("#group-" + Number(params.get("approve")) + " .group-head button.approve"); if (g) g.click(); }
          const first = document.querySelector("article.group .viewer");
          if (first && params.has("slider")) setSlider(first.querySelector(".frame.slider"), Number(params.get("slider")));
          if (first && params.get("zoom") === "1") zoomCurrent(first);
          if (params.get("help") === "1") toggleHelp(true);
        }
        // Opening does no work a fresh page does not need: stored decisions are shown, and
        // filters applied, only when there are some.
        if (Object.keys(decisions).length) showDecisions();
        if (search.value || selects.some((s) => s.value)) applyFilters();
        if (location.hash && location.hash !== "#selftest") window.addEventListener("load", applyHash);
        if (location.hash === "#selftest") window.addEventListener("load", () => { selftest(); });
        \#(selftest)
        """#

    /// The self-check a headless browser runs (`index.html#selftest`): every image decodes,
    /// each view shows alone, groups expand, filters hide and show, zoom and the dragged
    /// slider change the picture, decisions build the command and file.
    static let selftest = #"""
        async function selftest() {
          localStorage.removeItem(storeKey); decisions = {}; showDecisions();
          const result = {images: 0, decoded: 0, broken: [], views: {}, groups: {}, filters: {}, zoom: {}, slider: {}, decision: {}, help: {}};
          // What opening costs: pictures fetched at once, and card viewers still inert.
          result.open = {eager: $$("img").filter((i) => i.loading !== "lazy").length, inert: $$("template.detail").length, cards: $$("article.card").length};
          for (const d of $$("details")) d.open = true;
          for (const c of $$("article.card")) openCard(c, true);
          for (const img of $$("img")) {
            result.images += 1;
            if (img.loading === "lazy") img.loading = "eager";
            if (!img.complete) await new Promise((done) => { img.addEventListener("load", done); img.addEventListener("error", done); });
            let bitmapWidth = 0;
            try { const bitmap = await createImageBitmap(img); bitmapWidth = bitmap.width; bitmap.close(); } catch (error) {}
            if (img.complete && img.naturalWidth > 0 && bitmapWidth === img.naturalWidth) result.decoded += 1;
            else result.broken.push(img.getAttribute("src"));
          }
          for (const c of $$("article.card")) openCard(c, false);
          for (const d of $$("details")) d.open = false;
          const shown = (e) => (e.checkVisibility ? e.checkVisibility() : true) && e.getClientRects().length > 0 && getComputedStyle(e).display !== "none";
          const first = document.querySelector("article.group");
          for (const view of ["side", "diff", "slider", "onion"]) {
            document.querySelector(".views button[data-view=" + view + "]").click();
            const viewer = first ? first.querySelector(".viewer") : null;
            result.views[view] = {active: document.body.dataset.view === view,
              shown: viewer ? $$(".view-" + view, viewer).filter(shown).length : 0,
              othersShown: viewer ? $$(".view:not(.view-" + view + ")", viewer).filter(shown).length : 0,
              boxes: viewer ? $$(".view-" + view + " .box", viewer).filter(shown).length : 0};
          }
          if (first) {
            const details = first.querySelector("details.members");
            const members = $$("article.card", details);
            result.groups = {count: $$("article.group").length, members: members.length, shownBefore: members.filter(shown).length};
            details.open = true;
            result.groups.shownAfter = members.filter(shown).length;
            details.open = false;
            const viewer = first.querySelector(".viewer");
            document.querySelector(".views button[data-view=side]").click();
            const frame = viewer.querySelector(".view-side .frame"), rect = frame.getBoundingClientRect();
            frame.dispatchEvent(new MouseEvent("click", {bubbles: true, clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2}));
            result.zoom = {zoomed: viewer.classList.contains("zoomed"), transforms: $$(".zoom", viewer).map((z) => z.style.transform).filter((t) => t.startsWith("scale(")).length, of: $$(".zoom", viewer).length};
            frame.dispatchEvent(new MouseEvent("click", {bubbles: true, clientX: rect.left, clientY: rect.top}));
            result.zoom.after = viewer.classList.contains("zoomed");
            document.querySelector(".views button[data-view=slider]").click();
            const slider = viewer.querySelector(".frame.slider"), box = slider.querySelector(".zoom").getBoundingClientRect();
            const x = (f) => box.left + box.width * f, y = box.top + box.height / 2;
            slider.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true, clientX: x(0.5), clientY: y}));
            slider.dispatchEvent(new PointerEvent("pointermove", {bubbles: true, clientX: x(0.25), clientY: y}));
            slider.dispatchEvent(new PointerEvent("pointerup", {bubbles: true, clientX: x(0.25), clientY: y}));
            slider.dispatchEvent(new PointerEvent("pointermove", {bubbles: true, clientX: x(0.9), clientY: y}));
            result.slider = {clip: getComputedStyle(slider.querySelector(".top")).clipPath, handle: slider.querySelector(".handle").style.left};
            document.querySelector(".views button[data-view=side]").click();
          }
          const select = selects[0];
          const visible = () => $$("article.card").filter((c) => !c.classList.contains("filtered")).length;
          result.filters.all = visible();
          if (select && select.options.length > 1) {
            select.value = select.options[1].value; select.dispatchEvent(new Event("change"));
            result.filters.facet = select.dataset.facet; result.filters.value = select.value; result.filters.narrowed = visible();
            result.filters.wrong = $$("article.card").filter((c) => !c.classList.contains("filtered") && c.dataset[select.dataset.facet] !== select.value).length;
            select.value = ""; select.dispatchEvent(new Event("change"));
          }
          search.value = "zzz-no-such-name"; search.dispatchEvent(new Event("input")); result.filters.searchNone = visible();
          search.value = ""; search.dispatchEvent(new Event("input")); result.filters.restored = visible();
          // Decide: approve the first group, then reject its last member; approve the first new image.
          if (first) first.querySelector(".group-head button.approve").click();
          const rejectedCard = first ? $$("article.card", first).pop() : null;
          if (rejectedCard && $$("article.card", first).length > 1) rejectedCard.querySelector("button.reject").click();
          const newCard = document.querySelector("#new article.card");
          if (newCard) newCard.querySelector("button.approve").click();
          result.decision = {file: JSON.parse(decisionFile()), command: command(), stored: JSON.parse(localStorage.getItem(storeKey) || "{}")};
          document.dispatchEvent(new KeyboardEvent("keydown", {key: "?", bubbles: true}));
          result.help.opened = !help.hidden;
          document.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape", bubbles: true}));
          result.help.closed = help.hidden;
          // Keys: j makes the first group current, z zooms it (Esc out), a approves it, 3
          // shows the slider, → moves the focused slider.
          localStorage.removeItem(storeKey); decisions = {}; showDecisions();
          const key = (name, target) => (target || document).dispatchEvent(new KeyboardEvent("keydown", {key: name, bubbles: true}));
          current = -1; key("j");
          const firstViewer = first ? first.querySelector(".viewer") : null;
          result.keys = {current: !!first && first.classList.contains("current")};
          key("z"); result.keys.zoomed = !!firstViewer && firstViewer.classList.contains("zoomed");
          key("Escape"); result.keys.unzoomed = !!firstViewer && !firstViewer.classList.contains("zoomed");
          key("a"); result.keys.approved = first ? ids(first).filter((id) => decisions[id] === "approved").length : 0;
          key("3"); result.keys.view = document.body.dataset.view;
          const keySlider = firstViewer ? firstViewer.querySelector(".frame.slider") : null;
          if (keySlider) { setSlider(keySlider, 50); keySlider.focus(); key("ArrowRight", keySlider); result.keys.slider = keySlider.getAttribute("aria-valuenow"); }
          key("1");
          localStorage.removeItem(storeKey); decisions = {}; showDecisions();
          result.ok = result.broken.length === 0 && result.decoded === result.images &&
            Object.values(result.views).every((v) => v.active && v.othersShown === 0) &&
            (!first || (result.groups.shownBefore === 0 && result.groups.shownAfter === result.groups.members && result.zoom.zoomed && !result.zoom.after)) &&
            result.filters.searchNone === 0 && result.filters.restored === result.filters.all && result.help.opened && result.help.closed;
          const out = document.getElementById("selftest");
          out.textContent = JSON.stringify(result);
          out.hidden = false;
          document.documentElement.dataset.selftest = result.ok ? "pass" : "fail";
        }
        """#
}
