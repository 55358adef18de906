import Foundation
import HowdyRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How a review reads an image file it did not write: a regular file (never through a
/// link), at most ``maximumFileBytes``, whose header passes ``limits`` before a pixel is
/// decoded.
///
/// The review's pixel budget is HowdyRender's `PixelBudget`, the one every decoder
/// (diff, merge, accept, spec images, icons) checks from the header.
enum ReviewImageFile {
    /// The pixel budget of each image a review or an accept reads: `PixelBudget.limits`
    /// (8192 × 8192 px, 67,108,864 pixels, 256 MiB decoded).
    static let limits = PixelBudget.limits

    /// The largest image file read, in bytes (512 MiB).
    static let maximumFileBytes = 512 << 20

    /// A file's bytes, with its format and size from the header.
    struct Encoded: Sendable {
        var bytes: [UInt8]
        var format: ImageFormat
        var size: PixelSize
    }

    /// Reads `path` without following a link at its last component and checks its header.
    /// - Throws: `ReviewError.badImage` naming the path and the reason: a link, not a
    ///   regular file, too large, not PNG/PPM, or over the pixel budget.
    static func read(_ path: String) throws(ReviewError) -> Encoded {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            throw .badImage(path, code == ELOOP ? "it is a symbolic link; only regular files are read" : reason(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .badImage(path, reason(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .badImage(path, "it is not a regular file") }
        guard info.st_size <= maximumFileBytes else {
            throw .badImage(path, "it is \(info.st_size) bytes; an image file is at most \(maximumFileBytes) bytes")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .badImage(path, count == 0 ? "it shrank while being read" : reason(errno)) }
            offset += count
        }
        guard let format = ImageFormat.detect(bytes) else { throw .badImage(path, "it is not a PNG or PPM image") }
        let size: PixelSize
        do {
            size = try Image.size(ofEncoded: bytes)
            try limits.check(width: size.width, height: size.height)
        } catch {
            throw .badImage(path, "\(error) (the review's budget is \(limits.maxPixels) pixels)")
        }
        return Encoded(bytes: bytes, format: format, size: size)
    }

    /// Decodes bytes ``read(_:)`` returned, under the same budget.
    static func decode(_ encoded: Encoded, path: String) throws(ReviewError) -> Image {
        do {
            return try Image(decoding: encoded.bytes, limits: limits)
        } catch {
            throw .badImage(path, "\(error)")
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "it is a folder"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
