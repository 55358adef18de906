// swift-tools-version:6.0
// A package outside HowdyKit that tests its images with HowdyTesting, depending on the
// repository by path. `bash scripts/test.sh` builds and runs it.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder (lowercased), so the products are
/// looked up under whatever the checkout's folder is called.
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
            dependencies: ["Badges", .product(name: "HowdyTesting", package: howdyKitIdentity)]),
    ],
    swiftLanguageModes: [.v6]
)
