#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The one way HowdyKit writes a file: the bytes go to a new temporary file in the
/// destination's own folder, which is then renamed over the final name.
///
/// - A reader, or a process killed mid-write (SIGTERM during a large PPM), never sees a torn
///   file under the final name: it sees the old file or the new one.
/// - The temporary file is created with `O_EXCL | O_NOFOLLOW`, so a link planted at its name
///   is never followed, and `rename(2)` replaces a link *at* the final name instead of
///   writing through it: a `--out` folder holding `index.html -> ~/.bashrc` gets a new
///   `index.html`, and `~/.bashrc` is untouched.
/// - Temporary files are named `.howdy-tmp-<pid>-<n>-<name>` so that a later run recognises
///   the leftovers of a killed one and removes them (``removeStaleTemporaries(in:)``).
///
/// No `fsync`: renders write thousands of files, and the guarantee wanted here is against
/// killed processes and concurrent readers, not power loss (the store, which needs
/// durability, keeps its own fsync'ing writer).
package enum AtomicFile {
    /// The prefix of every temporary file name; a file with this prefix is never an output.
    package static let temporaryPrefix = ".howdy-tmp-"

    /// Writes `bytes` to `path` atomically, with permissions `mode` (default `0o644`,
    /// before the umask is ignored: the mode is set exactly).
    /// - Throws: ``FileWriteError`` naming `path` and the reason (the folder is missing or
    ///   read-only, the final name is a folder, the disk is full...). Nothing is left behind
    ///   on failure, and an existing file at `path` is unchanged.
    package static func write(_ bytes: some Collection<UInt8>, to path: String, mode: mode_t = 0o644) throws(FileWriteError) {
        var failure: FileWriteError?
        let wrote: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(FileWriteError) { try write(UnsafeRawBufferPointer(buffer), to: path, mode: mode) } catch { failure = error }
        }
        if wrote == nil {
            Array(bytes).withUnsafeBytes { raw in
                do throws(FileWriteError) { try write(raw, to: path, mode: mode) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// Writes the bytes of `buffer` to `path` atomically; see ``write(_:to:mode:)``.
    package static func write(_ buffer: UnsafeRawBufferPointer, to path: String, mode: mode_t = 0o644) throws(FileWriteError) {
        let file = try Writer(path: path, mode: mode)
        try file.append(buffer)
        try file.commit()
    }

    /// Removes the temporary files that killed `howdy` processes left in `folder`: names
    /// with ``temporaryPrefix`` whose process no longer runs. Files of running processes
    /// (another `howdy` writing into the same folder) are kept. Best effort: a folder that
    /// cannot be listed is skipped. Returns the names removed.
    @discardableResult
    package static func removeStaleTemporaries(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var removed: [String] = []
        let folderFD = dirfd(directory)
        while let entry = readdir(directory) {
            // Read up to the name's NUL in place: a record is only as long as its name, so
            // a copy of the whole 256-byte field would read past it.
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                String(cString: UnsafeRawPointer(field).assumingMemoryBound(to: CChar.self))
            }
            guard name.hasPrefix(temporaryPrefix) else { continue }
            let rest = name.dropFirst(temporaryPrefix.count)
            guard let pid = rest.split(separator: "-", maxSplits: 1).first.flatMap({ Int32($0) }) else { continue }
            // ESRCH: no such process. EPERM means it exists under another user: keep it.
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                if unlinkat(folderFD, name, 0) == 0 { removed.append(name) }
            }
        }
        return removed.sorted()
    }

    /// Removes stale temporaries (``removeStaleTemporaries(in:)``) from the folder that
    /// `path`, a file about to be written, is in. For commands that write one file.
    @discardableResult
    package static func removeStaleTemporaries(besideFile path: String) -> [String] {
        removeStaleTemporaries(in: split(path).folder)
    }

    /// The folder (`.` for a bare name) and the last component of `path`.
    static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }

    static let counter = SerialCounter()

    static func isLabelScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": true
        default: false
        }
    }
}

/// A process-wide counter, so that two threads writing the same name get different
/// temporary files.
final class SerialCounter: @unchecked Sendable {
    // Guarded by `lock`; @unchecked because pthread_mutex_t is not Sendable.
    private var value = 0
    private var lock = pthread_mutex_t()
    init() { pthread_mutex_init(&lock, nil) }
    func next() -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        value += 1
        return value
    }
}

/// The system's text for an errno, lower-case, with folder wording.
func describe(_ code: Int32) -> String {
    switch code {
    case EISDIR: return "it is a folder"
    case ENOTDIR: return "a part of the path is not a folder"
    case ENOENT: return "no such file or folder"
    case ELOOP: return "it is a symbolic link"
    default:
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
