// swift-tools-version:6.0
// A package outside HowdyKit that tests its images with HowdyTesting, depending on the
// repository by path. `bash scripts/test.sh` builds and runs it.
import Foundation
import PackageDescription

/// A product is named with its package's identity: for a URL dependency the URL's last
/// path component without `.git` (`https://example.com/acme/howdykit.git` is `howdykit`),
/// for a path dependency the folder's name, lowercased. The fixture depends on the checkout
/// by path, so it looks the products up under whatever that folder is called.
let howdyKit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
    .standardizedFileURL
let howdyKitIdentity = howdyKit.lastPathComponent.lowercased()

let package = Package(
    name: "ConsumerPackage",
    dependencies: [.package(path: "../../..")],
    targets: [
        .target(name: "Badges", dependencies: [.product(name: "HowdyRender", package: howdyKitIdentity)]),
        .testTarget(
            name: "BadgesTests",
            dependencies: [
                "Badges", .product(name: "HowdyTesting", package: howdyKitIdentity),
                .product(name: "HowdyText", package: howdyKitIdentity),
            ],
            // Goldens are test data, not sources or resources: excluded, SwiftPM does not warn
            // about unhandled files.
            exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
