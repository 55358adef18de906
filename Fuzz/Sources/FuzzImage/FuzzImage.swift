import FuzzDriver
import HowdyRender

/// libFuzzer entry: any bytes as a PNG or PPM file. Reading the header and decoding must
/// give an image inside the limits or throw a `RenderError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    _ = try? Image.size(ofEncoded: bytes)
    // Small limits keep each run fast; the size checks are the same code at any limit.
    if let image = try? Image(decoding: bytes, limits: ImageLimits(maxSide: 1024, maxPixels: 1 << 20)) {
        precondition(image.pixels.count == image.width * image.height * 4)
        // Round trip: what was decoded must encode and decode to the same pixels.
        if let encoded = try? image.encoded(as: .png), let again = try? Image(decoding: encoded) {
            precondition(again == image, "PNG round trip changed the pixels")
        }
    }
    return 0
}
