// swift-tools-version:6.0
// libFuzzer targets for HowdyKit's untrusted inputs. Not part of the main package's build:
// build and run them with Fuzz/run.sh (see Fuzz/README.md).
import PackageDescription

let package = Package(
    name: "HowdyFuzz",
    dependencies: [.package(name: "HowdyKit", path: "..")],
    targets: [
        // The `<Target>_main` entry points SwiftPM links executables against, each running
        // libFuzzer's driver (see driver.c).
        .target(name: "FuzzDriver"),
        // A flow spec file: FlowDocument.decode (HowdyKit's steps and the UI parts).
        .executableTarget(
            name: "FuzzSpec",
            dependencies: [
                "FuzzDriver",
                .product(name: "HowdyKitUI", package: "HowdyKit"), .product(name: "HowdyKit", package: "HowdyKit"),
            ]),
        // A font file: FreeType + HarfBuzz opening, then shaping and balanced layout.
        .executableTarget(
            name: "FuzzFont", dependencies: ["FuzzDriver", .product(name: "HowdyText", package: "HowdyKit")]),
        // PNG or PPM bytes: header size, then decoding under the default limits.
        .executableTarget(
            name: "FuzzImage", dependencies: ["FuzzDriver", .product(name: "HowdyRender", package: "HowdyKit")]),
        // One `howdy balance --jsonl` request line, through HowdyTextJSON's JSONLStream.
        .executableTarget(
            name: "FuzzJSONL", dependencies: ["FuzzDriver", .product(name: "HowdyTextJSON", package: "HowdyKit")]),
        // Every layout entry point of libhowdytext's C ABI with one fuzzed font, size, width,
        // options JSON and text: nothing traps, and the entry points agree.
        .executableTarget(
            name: "FuzzTextABI", dependencies: ["FuzzDriver", .product(name: "howdytext", package: "HowdyKit")]),
        // A shard's render-manifest.json: RenderManifest.load (every field checked), merge,
        // and the index page of what merges.
        .executableTarget(
            name: "FuzzManifest",
            dependencies: [
                "FuzzDriver", .product(name: "HowdyKitUI", package: "HowdyKit"),
                .product(name: "HowdyReview", package: "HowdyKit"),
            ]),
        // Names and a failure manifest: the review page, which must parse to the same text.
        .executableTarget(
            name: "FuzzReviewPage",
            dependencies: ["FuzzDriver", .product(name: "HowdyReview", package: "HowdyKit")]),
    ],
    swiftLanguageModes: [.v6]
)
