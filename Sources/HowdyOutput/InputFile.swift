#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The one way HowdyKit reads a file that input names (a shard's image, a manifest, a
/// catalog): a regular file of bounded size, opened without blocking, and with
/// `followLinks: false` never through a symbolic link.
///
/// `Data(contentsOf:)` follows links, blocks forever on a FIFO, reads a file of any size,
/// and reports a folder or a FIFO as Foundation error 256 or "you don't have permission".
/// Here the file is opened with `O_NONBLOCK` (and `O_NOFOLLOW`), checked with `fstat` on
/// the descriptor that is then read (no race between the check and the read), and every
/// refusal is a ``FileReadError`` naming the path and the reason in one sentence.
package enum InputFile {
    /// The bytes of the regular file at `path`.
    /// - Parameters:
    ///   - maximumBytes: a larger file is refused unread.
    ///   - followLinks: false refuses a symbolic link at `path` itself (links in the
    ///     folders above it are the caller's to check).
    /// - Throws: ``FileReadError``: no such file, a symbolic link, a folder, a FIFO, a
    ///   device or socket, too large, permission denied, or a read error.
    package static func read(_ path: String, maximumBytes: Int, followLinks: Bool = true) throws(FileReadError)
        -> [UInt8]
    {
        var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        if !followLinks { flags |= O_NOFOLLOW }
        let fd = open(path, flags)
        guard fd >= 0 else {
            let code = errno
            var info = stat()
            if code == ELOOP, !followLinks, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw FileReadError(path: path, reason: "it is a symbolic link, which is not followed here")
            }
            throw FileReadError(path: path, reason: describe(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(path: path, reason: describe(errno)) }
        if let kind = nonRegularKind(info.st_mode) {
            throw FileReadError(path: path, reason: "it is \(kind), not a regular file")
        }
        guard info.st_size <= maximumBytes else {
            throw FileReadError(path: path, reason: "it is \(info.st_size) bytes, over the limit of \(maximumBytes)")
        }
        // One byte more than fstat said, so a file that grows while read is noticed.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { raw in
                Glibc.read(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw FileReadError(path: path, reason: describe(errno))
            }
            if count == 0 { break }
            offset += count
        }
        guard offset < bytes.count else {
            throw FileReadError(path: path, reason: "it changed while it was read")
        }
        bytes.removeSubrange(offset...)
        return bytes
    }

    /// What a file of `mode` is in words ("a folder", "a FIFO (named pipe)"), or nil for a
    /// regular file.
    package static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }
}

/// A file that could not be read, as one sentence naming the path and the reason:
/// "cannot read shard-1/a.png: it is a FIFO (named pipe), not a regular file".
package struct FileReadError: Error, CustomStringConvertible, Equatable {
    /// The path as the caller gave it.
    package var path: String
    /// Why, in lower case, without a final full stop.
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "cannot read \(path): \(reason)" }
}
