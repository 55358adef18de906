import Foundation

/// A JSON-lines file that several processes append to safely (`howdy flow record --analytics`).
///
/// Each ``append(_:)`` is one `write(2)` on a descriptor opened with `O_APPEND`, made
/// under an exclusive `flock` on the file itself and `fsync`ed before it returns, so
/// concurrent writers never interleave or overwrite each other's lines and a line that
/// was acknowledged is on disk. When the file's last byte is not a newline (a writer
/// crashed mid-line), a newline is written first so the new object starts its own line;
/// the torn line is kept, not rewritten. Only regular files are accepted: a directory,
/// FIFO or device is refused with an error naming the path (a FIFO without a reader
/// would otherwise block forever).
public struct JSONLinesFile: Sendable {
    /// The file appended to (created with mode 0644 when missing).
    public let url: URL

    /// The file at `url`; nothing is opened until ``checkWritable()`` or ``append(_:)``.
    public init(url: URL) {
        self.url = url
    }

    /// Opens the file (creating it if needed) and checks it is a regular file, without
    /// writing: call before changing anything else, so a bad path fails early.
    /// - Throws: ``FileOnboardingStorageError`` of kind `.io` naming the path.
    public func checkWritable() throws(FileOnboardingStorageError) {
        let fd = try openForAppend()
        close(fd)
    }

    /// Appends `lines`, each one JSON value without a newline, as one write.
    /// - Throws: ``FileOnboardingStorageError`` of kind `.io` naming the path; a line that
    ///   contains a newline is refused (it would become two records).
    public func append(_ lines: [String]) throws(FileOnboardingStorageError) {
        guard !lines.isEmpty else { return }
        if lines.contains(where: { $0.contains("\n") || $0.contains("\r") }) {
            throw FileOnboardingStorageError(path: url.path, kind: .io, reason: "a JSON line contains a line break")
        }
        let fd = try openForAppend()
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw ioError("cannot lock") }
        }
        var text = lines.joined(separator: "\n") + "\n"
        if try !endsWithNewline(fd) { text = "\n" + text }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw ioError("cannot append")
            }
            offset += written
        }
        guard fsync(fd) == 0 else { throw ioError("cannot sync") }
    }

    private func openForAppend() throws(FileOnboardingStorageError) -> Int32 {
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard fd >= 0 else { throw ioError("cannot open for appending") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = ioError("cannot stat")
            close(fd)
            throw error
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw FileOnboardingStorageError(path: url.path, kind: .io, reason: "not a regular file")
        }
        return fd
    }

    /// Whether the file is empty or ends in a newline; read through a second descriptor
    /// (the append descriptor is write-only).
    private func endsWithNewline(_ fd: Int32) throws(FileOnboardingStorageError) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ioError("cannot stat") }
        guard info.st_size > 0 else { return true }
        let reader = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard reader >= 0 else { throw ioError("cannot read") }
        defer { close(reader) }
        var last: UInt8 = 0
        guard pread(reader, &last, 1, info.st_size - 1) == 1 else { throw ioError("cannot read its last byte") }
        return last == 0x0A
    }

    private func ioError(_ what: String) -> FileOnboardingStorageError {
        let code = errno
        return FileOnboardingStorageError(
            path: url.path, kind: .io, reason: "\(what): \(String(cString: strerror(code)))")
    }
}
