import Foundation
import Testing

/// Loads `howdy review`'s page in a real headless Chromium (Debian's `chromium`, which
/// scripts/test.sh installs) and reads the page's own self-check back from the DOM: every
/// image decodes, each view can be switched on, the keys move between changes.
///
/// Without chromium the test fails under CI (CI is set) and is skipped with a note locally.
@Suite struct ReviewBrowserTests {
    /// The first browser found on PATH.
    static func browser() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }

    /// Runs the browser on `page#selftest` and returns the `<pre id="selftest">` text and
    /// the root element's `data-selftest` value.
    static func selfCheck(_ page: URL, browser: URL, profile: URL) throws -> (json: String, verdict: String) {
        let process = Process()
        process.executableURL = browser
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=\(profile.path)", "--virtual-time-budget=20000", "--dump-dom",
            page.absoluteString + "#selftest",
        ]
        // The DOM goes to a file: a pipe could fill up and stall the browser.
        let dump = profile.deletingLastPathComponent().appendingPathComponent("dom.html")
        _ = FileManager.default.createFile(atPath: dump.path, contents: nil)
        let output = try FileHandle(forWritingTo: dump)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // A hung browser must not hang the suite.
        if exited.wait(timeout: .now() + .seconds(180)) == .timedOut {
            process.terminate()
            throw BrowserError.timedOut
        }
        let dom = try Data(contentsOf: dump)
        let html = String(decoding: dom, as: UTF8.self)
        let json = html.range(of: "<pre id=\"selftest\">").flatMap { start in
            html.range(of: "</pre>", range: start.upperBound..<html.endIndex).map {
                String(html[start.upperBound..<$0.lowerBound])
            }
        }
        let verdict = html.range(of: "data-selftest=\"").flatMap { start in
            html[start.upperBound...].split(separator: "\"").first.map(String.init)
        }
        return (json ?? "", verdict ?? "")
    }

    enum BrowserError: Error {
        case timedOut
        case render(String)
    }

    /// Runs the browser on `page` + `hash` and saves a 1280 × 900 screenshot to `file`.
    static func screenshot(_ page: URL, hash: String, to file: URL, browser: URL, profile: URL, dark: Bool = false) throws {
        var arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--hide-scrollbars", "--user-data-dir=\(profile.path)", "--virtual-time-budget=5000",
            "--window-size=1280,900", "--screenshot=\(file.path)",
        ]
        if dark { arguments.append("--force-dark-mode") }
        arguments.append(page.absoluteString + hash)
        let run = try ToolRun.run(browser.path, arguments)
        guard FileManager.default.fileExists(atPath: file.path) else { throw BrowserError.render(run.err) }
    }

    /// A matrix review: three screens on two devices in two schemes, where one step's
    /// title changes (4 changes in groups by scheme), one screen is new and one removed.
    static func matrixFixture(in folder: Scratch) throws {
        for (name, title) in [("expected", "Before"), ("actual", "After")] {
            try folder.write(
                "\(name).json",
                #"{ "id": "review", "welcome": { "id": "w", "title": "Hello" }, "steps": [{ "id": "a", "kind": "feature", "title": "\#(title)" }, { "id": "b", "kind": "feature", "title": "Same" }], "render": { "devices": ["small-phone", "phone"], "schemes": ["light", "dark"], "scale": 1 } }"#
            )
            let result = howdy(["render", folder.path("\(name).json"), "--out", folder.path(name)])
            guard result.code == 0 else { throw BrowserError.render(result.err) }
        }
        let manager = FileManager.default
        try manager.removeItem(atPath: folder.path("expected/03-b_phone-dark@1x.png"))
        try manager.copyItem(
            atPath: folder.path("expected/01-welcome_phone-light@1x.png"),
            toPath: folder.path("expected/09-old_phone-light@1x.png"))
    }

    @Test func theReviewPageGroupsFiltersZoomsSlidesAndItsDecisionAppliesExactlyTheApproved() throws {
        guard let browser = Self.browser() else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("chromium is missing: scripts/test.sh installs it (scripts/install-chromium.sh)")
            } else {
                print("ReviewBrowserTests: chromium is not installed; skipped (run scripts/install-chromium.sh)")
            }
            return
        }
        let folder = try Scratch()
        defer { folder.cleanup() }
        try Self.matrixFixture(in: folder)
        let out = folder.url.appendingPathComponent("review")
        let review = howdy([
            "review", "--expected", folder.path("expected"), "--actual", folder.path("actual"), "--out", out.path, "--json",
        ])
        #expect(review.code == 0, "\(review.err)")
        let summary = try JSONSerialization.jsonObject(with: Data(review.out.utf8)) as? [String: Any] ?? [:]
        #expect(summary["changed"] as? Int == 4 && summary["new"] as? Int == 1 && summary["removed"] as? Int == 1)
        #expect(summary["unchanged"] as? Int == 7)
        #expect(summary["groups"] as? Int == 1, "one title change on both devices in both schemes: \(summary)")
        #expect((summary["outputBytes"] as? Int ?? 0) > 0)
        let page = out.appendingPathComponent("index.html")
        let (json, verdict) = try Self.selfCheck(page, browser: browser, profile: folder.url.appendingPathComponent("profile"))
        print("ReviewBrowserTests: \(browser.path) data-selftest=\(verdict) \(json)")
        #expect(verdict == "pass", "\(json)")
        let result = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        #expect((result["broken"] as? [Any])?.isEmpty == true)
        #expect(result["decoded"] as? Int == result["images"] as? Int)
        let views = result["views"] as? [String: [String: Any]] ?? [:]
        for view in ["side", "diff", "slider", "onion"] {
            #expect(views[view]?["shown"] as? Int == 1, "\(view) is shown for the representative")
            #expect(views[view]?["othersShown"] as? Int == 0, "\(view) alone")
            #expect((views[view]?["boxes"] as? Int ?? 0) >= 1, "\(view) draws the changed region")
        }
        // Opening fetches only the first group's side-by-side pair; every changed card's
        // viewer (4 in the group, none elsewhere) is an inert template until it opens.
        let open = result["open"] as? [String: Int] ?? [:]
        #expect(open["eager"] == 2 && open["inert"] == 4, "\(open)")
        let groups = result["groups"] as? [String: Int] ?? [:]
        #expect(groups["count"] == 1 && groups["members"] == 4)
        #expect(groups["shownBefore"] == 0 && groups["shownAfter"] == 4, "the group expands to its members")
        let zoom = result["zoom"] as? [String: Any] ?? [:]
        #expect(zoom["zoomed"] as? Bool == true && zoom["after"] as? Bool == false)
        #expect(zoom["transforms"] as? Int == zoom["of"] as? Int, "every picture of the viewer zooms together")
        let slider = result["slider"] as? [String: String] ?? [:]
        #expect(slider["clip"] == "inset(0px 0px 0px 25%)" && slider["handle"] == "25%", "dragged to a quarter, then released")
        // The keys reach it all: j, z and Esc, a, 3 and → on the focused slider.
        let keys = result["keys"] as? [String: Any] ?? [:]
        #expect(keys["current"] as? Bool == true && keys["zoomed"] as? Bool == true && keys["unzoomed"] as? Bool == true, "\(keys)")
        #expect(keys["approved"] as? Int == 4 && keys["view"] as? String == "slider" && keys["slider"] as? String == "55", "\(keys)")
        let filters = result["filters"] as? [String: Any] ?? [:]
        #expect((filters["narrowed"] as? Int ?? 99) < (filters["all"] as? Int ?? 0))
        #expect(filters["wrong"] as? Int == 0 && filters["searchNone"] as? Int == 0)
        #expect(filters["restored"] as? Int == filters["all"] as? Int)

        // Screenshots first: the page shows the folders' files, which --apply changes.
        // Screenshots of each state: every state changes the rendered pixels.
        let shots = folder.url.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let states: [(String, String, Bool)] = [
            ("1-groups", "#view=side", false), ("2-expanded", "#expand=1", false), ("3-diff", "#view=diff", false),
            ("4-slider", "#view=slider", false), ("5-slider-dragged", "#view=slider&slider=20", false),
            ("6-zoomed", "#view=side&zoom=1", false), ("7-filtered", "#scheme=dark&expand=1", false),
            ("8-approved", "#approve=1&expand=1", false), ("9-help", "#help=1", false), ("10-dark", "#view=side", true),
            ("11-dark-expanded", "#expand=1", true), ("12-dark-zoomed", "#view=side&zoom=1", true),
            ("13-dark-slider", "#view=slider&slider=20", true),
        ]
        var pixels: [String: Data] = [:]
        for (name, hash, dark) in states {
            let file = shots.appendingPathComponent("\(name).png")
            try Self.screenshot(
                page, hash: hash, to: file, browser: browser, profile: folder.url.appendingPathComponent("profile-\(name)"),
                dark: dark)
            pixels[name] = try Data(contentsOf: file)
        }
        for (a, b) in [
            ("1-groups", "2-expanded"), ("4-slider", "5-slider-dragged"), ("1-groups", "6-zoomed"),
            ("2-expanded", "7-filtered"), ("2-expanded", "8-approved"), ("1-groups", "9-help"), ("1-groups", "10-dark"),
            ("1-groups", "3-diff"), ("2-expanded", "11-dark-expanded"), ("6-zoomed", "12-dark-zoomed"),
            ("10-dark", "11-dark-expanded"), ("10-dark", "12-dark-zoomed"), ("5-slider-dragged", "13-dark-slider"),
        ] {
            #expect(pixels[a] != pixels[b], "\(b) changes the page's pixels")
        }
        // HOWDY_REVIEW_SCREENSHOTS=docs/review keeps them (for the docs).
        if let keep = ProcessInfo.processInfo.environment["HOWDY_REVIEW_SCREENSHOTS"], !keep.isEmpty {
            try FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            for (name, data) in pixels { try data.write(to: URL(fileURLWithPath: keep).appendingPathComponent("\(name).png")) }
        }
        // The decision: group 1 approved but its last member rejected, the new image approved.
        let decision = result["decision"] as? [String: Any] ?? [:]
        let file = decision["file"] as? [String: Any] ?? [:]
        let approved = file["accept"] as? [Int] ?? []
        #expect(approved.count == 4, "3 of the group's 4 and the new one: \(file)")
        // Kept in local storage: the 3 approved and 1 rejected member, and the new image.
        let stored = decision["stored"] as? [String: String] ?? [:]
        #expect(stored.values.filter { $0 == "approved" }.count == 4 && stored.values.filter { $0 == "rejected" }.count == 1, "\(stored)")
        let data = try JSONSerialization.data(withJSONObject: file)
        try data.write(to: folder.url.appendingPathComponent("decision.json"))
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path("expected")).sorted()
        var contents: [String: Data] = [:]
        for name in before { contents[name] = try folder.read("expected/\(name)") }
        let html = try String(contentsOf: page, encoding: .utf8)
        let names = Dictionary(
            uniqueKeysWithValues: html.components(separatedBy: "<article class=\"item card").dropFirst().compactMap { card -> (Int, String)? in
                guard let id = card.components(separatedBy: "data-id=\"").dropFirst().first?.split(separator: "\"").first.flatMap({ Int($0) }),
                    let name = card.components(separatedBy: "data-name=\"").dropFirst().first?.split(separator: "\"").first
                else { return nil }
                return (id, String(name))
            }.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }.map { ($0.key, $0.value) })
        let apply = howdy(["review", "--apply", folder.path("decision.json")])
        #expect(apply.code == 0, "\(apply.err)")
        let accepted = Set(approved.compactMap { names[$0] })
        #expect(accepted.count == 4)
        for name in Set(before).union(accepted) {
            let now = try? folder.read("expected/\(name)")
            if accepted.contains(name) {
                #expect(now == (try? folder.read("actual/\(name)")), "\(name) accepted")
            } else {
                #expect(now == contents[name], "\(name) untouched")
            }
        }
        // The command the page copies says the same, by ID.
        let command = decision["command"] as? String ?? ""
        #expect(command.hasPrefix("howdy review --accept \(approved.map(String.init).joined(separator: " ")) --digest "))

    }
}
