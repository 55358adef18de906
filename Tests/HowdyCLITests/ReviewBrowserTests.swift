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
    }

    @Test func theReviewPageLoadsInHeadlessChromiumAndEveryViewWorks() throws {
        guard let browser = Self.browser() else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("chromium is missing: scripts/test.sh installs it (scripts/install-chromium.sh)")
            } else {
                print("ReviewBrowserTests: chromium is not installed; skipped (run scripts/install-chromium.sh)")
            }
            return
        }
        let fixture = try ReviewFixture()
        defer { fixture.folder.cleanup() }
        let out = fixture.folder.url.appendingPathComponent("review")
        let review = howdy(["review", "--expected", fixture.expected, "--actual", fixture.actual, "--out", out.path])
        #expect(review.code == 0, "\(review.err)")
        let (json, verdict) = try Self.selfCheck(
            out.appendingPathComponent("index.html"), browser: browser,
            profile: fixture.folder.url.appendingPathComponent("profile"))
        print("ReviewBrowserTests: \(browser.path) data-selftest=\(verdict) \(json)")
        #expect(verdict == "pass", "\(json)")
        let result = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let images = result?["images"] as? Int ?? 0
        #expect(images == 10, "the change: 2 side by side, 1 diff, 2 slider, 2 onion; new, removed, unchanged: 1 each")
        #expect(result?["decoded"] as? Int == images)
        #expect((result?["broken"] as? [Any])?.isEmpty == true)
        let views = result?["views"] as? [String: [String: Any]] ?? [:]
        for view in ["side", "diff", "slider", "onion"] {
            #expect(views[view]?["active"] as? Bool == true, "\(view)")
            #expect(views[view]?["shown"] as? Int == 1, "\(view) is shown for the one change")
            #expect(views[view]?["othersShown"] as? Int == 0, "\(view) alone")
        }
        #expect(views["slider"]?["clip"] as? String == "inset(0px 0px 0px 25%)")
        #expect(views["onion"]?["opacity"] as? String == "0.3")
        #expect(result?["changes"] as? Int == 3, "changed, new and removed are the changes j/k visits")
    }
}
