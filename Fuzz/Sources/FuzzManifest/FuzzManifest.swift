import Foundation
import FuzzDriver
import HowdyKitUI
import HowdyReview

/// A shard folder of its own in the scratch folder: the input is written as its
/// render-manifest.json, which `RenderManifest.load(directory:)` reads as a merge does.
nonisolated(unsafe) let shardFolder = String(cString: howdy_fuzz_scratch_folder()) + "/howdy-fuzz-manifest-\(getpid())"

/// Scalars a checked field must never hold: they would end an HTML attribute or start a tag.
let markup: Set<Unicode.Scalar> = ["\"", "'", "<", ">", "&"]

/// libFuzzer entry: any bytes as a shard's render manifest. Loading must give a manifest
/// whose every field is one a render writes, or throw a `RenderManifestError`; merging it
/// must give a manifest or a `RenderManifestError`; the index page of a merged manifest
/// carries no input text that could end an attribute. A trap, a leak or a memory error is
/// a finding, and so is a failed check below.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    mkdir(shardFolder, 0o700)
    let data = Data(bytes: start, count: count)
    let folder = URL(fileURLWithPath: shardFolder)
    guard (try? data.write(to: folder.appendingPathComponent(RenderManifest.fileName))) != nil else { return 0 }
    let manifest: RenderManifest
    do {
        manifest = try RenderManifest.load(directory: folder)
    } catch {
        _ = error.description
        return 0
    }
    // What the checks promise: plain names, the presets' devices, sizes a render writes.
    for file in manifest.files {
        precondition(!file.fileName.contains("/") && !file.fileName.hasPrefix("."), "file name \(file.fileName)")
        for text in [file.fileName, file.device, file.screen, file.scroll, file.locale ?? ""] {
            precondition(!text.unicodeScalars.contains(where: markup.contains), "markup in \(text.debugDescription)")
        }
        precondition(DevicePreset.named(file.device)?.name == file.device, "device \(file.device)")
        precondition(file.scale >= 1 && file.scale <= 4 && file.pixelWidth > 0 && file.pixelHeight > 0)
    }
    precondition(manifest.shard.map { $0.index >= 1 && $0.index <= $0.count } ?? true)
    // A manifest merged with itself, then alone, as `--merge` with one or two folders does.
    _ = try? RenderManifest.merge([("a", manifest), ("b", manifest)])
    if let merged = try? RenderManifest.merge([(shardFolder, manifest)]) {
        precondition(merged.files.count == Set(merged.files.map(\.fileName)).count, "a file merged twice")
        let html = RenderIndex.html(title: merged.title, files: merged.files, screens: merged.screens)
        // Every <img> the page has is one of the files: nothing from input opened a tag.
        precondition(html.components(separatedBy: "<img ").count - 1 == merged.files.count, "an <img> from input")
    }
    return 0
}
