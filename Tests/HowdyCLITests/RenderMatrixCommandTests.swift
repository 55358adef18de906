import Foundation
import Testing

/// `howdy render` and `howdy lint` over the render matrix: duplicates merge, the cap
/// refuses before drawing, reduce motion keeps its own files, lint takes render's options.
@Suite struct RenderMatrixCommandTests {
    static let plain = RenderCommandTests.root.appendingPathComponent("Examples/plain.json").path

    @Test func duplicateDevicesAndSchemesAreMergedInFilesCountAndIndex() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        try folder.write(
            "dup.json",
            #"{ "welcome": { "id": "w", "title": "Hi" }, "steps": [{ "id": "a", "kind": "feature", "title": "A" }], "render": { "devices": ["small-phone", "small-phone"], "schemes": ["light", "light"], "times": [0, 0], "scale": 1 } }"#
        )
        let result = howdy(["render", folder.path("dup.json"), "--out", folder.path("out")])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("wrote 2 images"), "\(result.out)")
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.path("out"))
            .filter { $0.hasSuffix("@1x.png") }
        #expect(images.sorted() == ["01-welcome_small-phone-light@1x.png", "02-a_small-phone-light@1x.png"])
        let html = try String(contentsOfFile: folder.path("out/index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<img src=\"01-welcome_small-phone-light@1x.png\"").count - 1 == 1)
        // The same on the command line: --scheme all --scheme all is one of each.
        let manifest = try JSONSerialization.jsonObject(with: folder.read("out/render-manifest.json")) as? [String: Any]
        #expect(manifest?["plannedImages"] as? Int == 2)
    }

    @Test func aMatrixOverTheCapIsRefusedQuicklyWithItsCount() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        let times = (0..<100_000).map(String.init).joined(separator: ",")
        let copies = Array(repeating: "\"phone\"", count: 100_000).joined(separator: ",")
        try folder.write(
            "times.json", #"{ "steps": [{ "id": "a", "kind": "feature" }], "render": { "times": [\#(times)] } }"#)
        try folder.write(
            "copies.json",
            #"{ "steps": [{ "id": "a", "kind": "feature" }], "render": { "devices": [\#(copies)], "schemes": ["light"], "scale": 1 } }"#
        )
        let refused = howdy(["render", folder.path("times.json"), "--out", folder.path("out")])
        #expect(refused.code == 2)
        #expect(
            refused.err.contains(
                "the render matrix has 200000 images (1 screen × 1 device × 2 schemes × 1 type size × 100000 times × 1 scroll position), over the limit of 10000"
            ), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")), "refused before anything is written")
        let lint = howdy(["lint", folder.path("times.json")])
        #expect(lint.code == 2)
        #expect(lint.err.contains("200000 images"), "\(lint.err)")
        // 100,000 copies of one device are one device.
        let merged = howdy(["render", folder.path("copies.json"), "--out", folder.path("copies")])
        #expect(merged.code == 0, "\(merged.err)")
        #expect(merged.out.contains("wrote 1 images"), "\(merged.out)")
        // The cap is a flag: lower it and a small render is refused, with the flag named.
        let capped = howdy(["render", Self.plain, "--out", folder.path("capped"), "--max-images", "5"])
        #expect(capped.code == 2)
        #expect(capped.err.contains("the render matrix has 12 images"), "\(capped.err)")
        #expect(capped.err.contains("--max-images N"))
        for bad in ["0", "-1", "ten", "1e9", "99999999999999999999"] {
            let result = howdy(["render", Self.plain, "--out", folder.path("x"), "--max-images", bad])
            #expect(result.code == 2, "\(bad)")
            #expect(result.err.contains("--max-images: expected a whole number"), "\(bad): \(result.err)")
        }
    }

    @Test func reduceMotionAndAnimatedRendersAtOneTimeKeepTheirOwnFiles() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        try folder.write(
            "motion.json",
            #"{ "theme": { "background": { "kind": "animatedGradient" } }, "welcome": { "id": "w", "title": "Hi" }, "steps": [], "render": { "devices": ["small-phone"], "schemes": ["light"], "scale": 1 } }"#
        )
        let out = folder.path("out")
        let animated = howdy(["render", folder.path("motion.json"), "--out", out, "--time", "2"])
        let still = howdy(["render", folder.path("motion.json"), "--out", out, "--time", "2", "--reduce-motion"])
        #expect(animated.code == 0 && still.code == 0, "\(animated.err) \(still.err)")
        let moving = try folder.read("out/01-welcome_small-phone-light-t2@1x.png")
        let stopped = try folder.read("out/01-welcome_small-phone-light-t2-reduce-motion@1x.png")
        #expect(moving != stopped, "an animated frame and a still frame differ")
        let html = try String(contentsOfFile: folder.path("out/index.html"), encoding: .utf8)
        #expect(html.contains("small-phone · light · t=2s · reduce motion · @1x"))
    }

    @Test func indexCaptionsNameTheScrollPosition() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        let result = howdy([
            "render", Self.plain, "--out", folder.path("out"), "--device", "small-phone", "--scheme", "light",
            "--scale", "1", "--type-size", "accessibility5", "--scroll", "all",
        ])
        #expect(result.code == 0, "\(result.err)")
        let html = try String(contentsOfFile: folder.path("out/index.html"), encoding: .utf8)
        #expect(html.contains("<figcaption>small-phone · light · accessibility5 · scroll end · @1x</figcaption>"))
        #expect(html.contains("<figcaption>small-phone · light · accessibility5 · @1x</figcaption>"))
    }

    @Test func lintTakesRendersMatrixOptions() throws {
        // --type-size reaches lint: findings name the size checked.
        let sized = howdy([
            "lint", Self.plain, "--device", "small-phone", "--scheme", "light", "--type-size", "accessibility5",
            "--frames", "1", "--time", "0", "--reduce-motion",
        ])
        #expect(sized.code == 0 || sized.code == 1, "\(sized.out)\(sized.err)")
        #expect(!sized.out.contains("FAIL") || sized.out.contains("small-phone light accessibility5"))
        // Every size is one more combination: all twelve sizes check many times the texts of
        // one (not exactly twelve: at large sizes some text scrolls under the footer's fade,
        // which lint skips).
        let one = howdy(["lint", Self.plain, "--device", "small-phone", "--scheme", "light", "--frames", "1"])
        let all = howdy([
            "lint", Self.plain, "--device", "small-phone", "--scheme", "light", "--frames", "1", "--type-size", "all",
        ])
        // "ok: N texts checked, …" or "K text(s) below the WCAG 2.x minimum (N checked)".
        let checked = { (text: String) -> Int? in
            let words = text.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "\n" })
            if let index = words.firstIndex(of: "checked)") { return Int(words[index - 1]) }
            return words.firstIndex(of: "texts").flatMap { Int(words[$0 - 1]) }
        }
        #expect(checked(one.out) != nil)
        #expect((checked(all.out) ?? 0) > (checked(one.out) ?? .max) * 6, "\(one.out) \(all.out)")
        for (option, value, message) in [
            ("--type-size", "huge", "--type-size: expected"), ("--time", "-1", "--time: expected seconds"),
            ("--time", "1e18", "--time: expected seconds"), ("--device", "watch", "--device: expected"),
            ("--max-images", "0", "--max-images: expected"),
        ] {
            for verb in ["render", "lint"] {
                var arguments = [verb, Self.plain, option, value]
                if verb == "render" { arguments += ["--out", "/nonexistent/never-written"] }
                let result = howdy(arguments)
                #expect(result.code == 2, "\(verb) \(option) \(value)")
                #expect(result.err.contains(message), "\(verb) \(option) \(value): \(result.err)")
            }
        }
        let capped = howdy(["lint", Self.plain, "--max-images", "2"])
        #expect(capped.code == 2)
        #expect(capped.err.contains("the render matrix has 12 images"), "\(capped.err)")
    }
}
