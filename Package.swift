// swift-tools-version:6.2
// HowdyKit: a headless text layout and theming engine for onboarding screens on Linux.
import PackageDescription

/// apt packages that provide each system library, so `swift build` can tell the
/// user what to install when pkg-config cannot find one.
func apt(_ names: String...) -> [SystemPackageProvider] { [.apt(names)] }

let package = Package(
    name: "HowdyKit",
    products: [
        .library(name: "HowdyKit", targets: ["HowdyKit"]),
        .library(name: "HowdyText", targets: ["HowdyText"]),
        .library(name: "HowdyTextJSON", targets: ["HowdyTextJSON"]),
        .library(name: "HowdyRender", targets: ["HowdyRender"]),
        .library(name: "HowdyKitUI", targets: ["HowdyKitUI"]),
        .library(name: "HowdyReview", targets: ["HowdyReview"]),
        .library(name: "HowdyTesting", targets: ["HowdyTesting"]),
        .executable(name: "howdy", targets: ["howdy"]),
        // libhowdytext.so: balance from C, Python and anything with an FFI (HowdyTextC.docc/CABI.md).
        .library(name: "howdytext", type: .dynamic, targets: ["HowdyTextC"]),
        .executable(name: "howdy-bench", targets: ["HowdyBench"]),
    ],
    targets: [
        // System libraries, one per C library, found through pkg-config.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: apt("libfreetype-dev")),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: apt("libharfbuzz-dev")),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: apt("libicu-dev")),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: apt("libpng-dev")),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: apt("libfontconfig-dev")),
        // libdeflate compresses PNG image data about twice as fast as zlib, and smaller.
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: apt("libdeflate-dev")),
        // zlib: streaming deflate for PNGs written a band of rows at a time (contact sheets),
        // which libdeflate's whole-buffer API cannot do. (ISA-L's igzip, 6x faster, was
        // dropped: its output depended on the process's memory layout.)
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: apt("zlib1g-dev")),
        // libhyphen (LibreOffice's hyphenator) for `hyphens: auto`; it has no pkg-config
        // file, so its module map links it by name. Patterns come from hyphen-* packages.
        .systemLibrary(name: "CHyphen", providers: apt("libhyphen-dev")),
        // libplist (libimobiledevice's) reads .stringsdict (XML) and binary-plist .strings
        // files, which Foundation on Linux parses only partly.
        .systemLibrary(name: "CPlist", pkgConfig: "libplist-2.0", providers: apt("libplist-dev")),

        // C shims: ICU's versioned symbol macros, FreeType's error table and libpng's
        // setjmp error handling cannot be used from Swift directly.
        // Plural rules live in ICU's i18n library (same libicu-dev package as icu-uc), which
        // plural.c opens with dlopen on first use rather than at every start.
        .target(name: "CHowdyICU", dependencies: ["CICU"]),
        .target(name: "CHowdyFreeType", dependencies: ["CFreeType"]),
        .target(name: "CHowdyPNG", dependencies: ["CPNG"]),
        .target(name: "CHowdyDeflate", dependencies: ["CZlib"]),

        // Range-checked number conversions every module uses for numbers from input.
        .target(name: "HowdyNumbers"),
        // How every file is written (temp file renamed into place, never through a link) and
        // how text is escaped for HTML and the shell (per Unicode scalar). Hidden: package API.
        .target(name: "HowdyOutput"),
        // The one strict JSON reader and writer (no Foundation): ordered values that keep each
        // number's text and byte offsets, errors mapped to a JSON path, line and column.
        // Hidden: package API for specs, catalogs, stores, manifests and JSON lines.
        .target(name: "HowdyJSON", dependencies: ["HowdyNumbers"]),
        // Storage layer: Foundation and Observation only.
        .target(name: "HowdyKit", dependencies: ["HowdyJSON"]),
        // Text engine: fonts, shaping, bidi, line breaking, greedy layout and balance.
        // The bundled fonts (Sources/HowdyText/Fonts; Fonts/ at the root links there) are a resource, so every
        // binary linking HowdyText finds them beside itself (FontLibrary.searchPath).
        .target(
            name: "HowdyText", dependencies: ["HowdyNumbers", "HowdyOutput", "CFreeType", "CHowdyFreeType", "CHarfBuzz", "CHowdyICU", "CFontconfig", "CHyphen"],
            resources: [.copy("Fonts")]),
        // JSON-lines balance requests and layout JSON: a strict reader, a writer, the session
        // and the stream behind `howdy balance --jsonl`, for any Swift program.
        .target(name: "HowdyTextJSON", dependencies: ["HowdyJSON", "HowdyText"]),
        // Canvas, paints, glyph drawing, codecs and image diff. FreeType stays behind HowdyText's
        // `package` API (one FT_Library, owned there).
        .target(
            name: "HowdyRender", dependencies: ["HowdyNumbers", "HowdyOutput", "HowdyText", "CHowdyPNG", "CDeflate", "CHowdyDeflate"]),
        // The review room: failure and render manifests, the expected-goldens list, contact
        // sheets, a render's index page and the review page. Pixels and text only: no theme.
        .target(name: "HowdyReview", dependencies: ["HowdyJSON", "HowdyNumbers", "HowdyOutput", "HowdyText", "HowdyRender"]),
        // Theme model, screens and JSON flow specs.
        .target(
            name: "HowdyKitUI",
            dependencies: [
                "HowdyNumbers", "HowdyOutput", "HowdyKit", "HowdyText", "HowdyRender", "HowdyReview", "CHowdyICU", "CPlist",
                "HowdyJSON",
            ]),
        // Golden-image assertions for any package's tests (HowdyKitUI for `.screen` snapshots).
        .target(name: "HowdyTesting", dependencies: ["HowdyRender", "HowdyOutput", "HowdyReview", "HowdyKitUI"]),
        // The command line: argument parsing, I/O and exit codes over the libraries.
        .target(
            name: "HowdyCLI",
            dependencies: [
                "HowdyNumbers", "HowdyOutput", "HowdyKit", "HowdyText", "HowdyTextJSON", "HowdyRender", "HowdyReview",
                "HowdyKitUI", "HowdyJSON",
            ]),
        // Release links the Swift runtime and Foundation statically: a one-shot `howdy balance`
        // then skips resolving thousands of symbols across a dozen shared libraries at every
        // start (CPU 12.7 -> 7 ms, peak memory 30 -> 20 MiB; see ProcessFigures). Linked with
        // the toolchain's lld, which resolves static archives in any order (Foundation's do not
        // name all the archives they need), and with packed relative relocations (DT_RELR,
        // glibc >= 2.36): 77,000 of them shrink from 1.8 MB that the loader reads at every
        // start to a few kB.
        // These are unsafeFlags, so the manifest is tools version 6.2: from SwiftPM 6.2 a
        // package of that version may carry them and still be a tagged dependency (the
        // check only applies to older manifests), and they sit on the executable alone.
        .executableTarget(
            name: "howdy", dependencies: ["HowdyCLI"],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-use-ld=lld", "-lCoreFoundation", "-l_FoundationICU",
                        "-l_FoundationCollections", "-l_FoundationCShims", "-Xlinker", "-z", "-Xlinker",
                        "pack-relative-relocs",
                    ], .when(configuration: .release))
            ]),
        // The C ABI: howdytext.h (and the version string it defines) as a C target, and the
        // @_cdecl functions over HowdyText and HowdyTextJSON's request reader. Release links
        // the Swift runtime and Foundation into the .so and hides their symbols, so C and
        // Python callers need no Swift toolchain (HowdyTextC.docc/CABI.md measures both choices).
        .target(name: "CHowdyTextABI"),
        .target(
            name: "HowdyTextC", dependencies: ["CHowdyTextABI", "HowdyText", "HowdyTextJSON"],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-use-ld=lld", "-lCoreFoundation", "-l_FoundationICU",
                        "-l_FoundationCollections", "-l_FoundationCShims", "-Xlinker", "--exclude-libs=ALL", "-Xlinker",
                        "-Bsymbolic",
                    ], .when(configuration: .release))
            ]),
        // Test and benchmark support, in no product (swift-collections' `_CollectionsTestSupport`
        // style): the golden suite's plan over Examples/, and the text benchmark's reference shaper and
        // floor (`RealComponentsFloor`, which reads ICU through CHowdyICU).
        .target(
            name: "HowdyTestSupport",
            dependencies: ["HowdyKit", "HowdyText", "HowdyRender", "HowdyKitUI", "CHarfBuzz", "CHowdyICU"],
            path: "Tests/HowdyTestSupport"),
        // The benchmark's C helper: a child process's own peak memory (ptrace + VmHWM).
        .target(name: "CProcessPeak", path: "Benchmarks/CProcessPeak"),
        .executableTarget(
            name: "HowdyBench",
            dependencies: [
                "HowdyText", "HowdyTextJSON", "HowdyRender", "HowdyReview", "HowdyKitUI", "HowdyTestSupport", "CProcessPeak",
            ],
            path: "Benchmarks/HowdyBench"
        ),

        .testTarget(name: "HowdyNumbersTests", dependencies: ["HowdyNumbers"]),
        .testTarget(name: "HowdyOutputTests", dependencies: ["HowdyOutput"]),
        .testTarget(name: "HowdyKitTests", dependencies: ["HowdyKit"]),
        .testTarget(
            name: "HowdyTextTests", dependencies: ["HowdyText", "HowdyTestSupport"], exclude: ["Cases", "Fonts"]),
        .testTarget(name: "HowdyRenderTests", dependencies: ["HowdyRender", "HowdyReview", "HowdyTesting"]),
        .testTarget(name: "HowdyKitUITests", dependencies: ["HowdyKitUI", "HowdyReview", "HowdyTesting"]),
        .testTarget(name: "HowdyReviewTests", dependencies: ["HowdyReview"]),
        .testTarget(
            name: "GoldenTests", dependencies: ["HowdyKitUI", "HowdyReview", "HowdyText", "HowdyTesting", "HowdyTestSupport"]),
        .testTarget(name: "HowdyCLITests", dependencies: ["HowdyCLI", "HowdyReview"], exclude: ["LocalizationCases"]),
        .testTarget(name: "HowdyTextJSONTests", dependencies: ["HowdyTextJSON", "HowdyTestSupport"]),
        .testTarget(name: "HowdyJSONTests", dependencies: ["HowdyJSON"]),
    ],
    swiftLanguageModes: [.v6]
)
