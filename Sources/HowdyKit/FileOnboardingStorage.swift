import Foundation

/// A store in one JSON file, for command-line tools and servers.
///
/// Durability and concurrency:
/// - Every write is a read-modify-write under an exclusive `flock` on a sidecar lock file
///   (`<file>.lock`), so two processes (or threads) writing at once never lose each
///   other's records.
/// - The new contents go to a temporary file in the same directory (`.<file>.tmp`), are
///   `fsync`ed, then renamed over the store and the directory is `fsync`ed. A crash (even `kill -9`) at
///   any point leaves either the old or the new file, never a torn one, and a write that
///   returned is on disk.
/// - Reads take no lock: `rename` is atomic, so a reader sees one complete version.
///
/// Symbolic links: when the store path is a link, the store is the file it points to. The
/// link stays; the target is replaced atomically in the target's own directory (keeping
/// its permission bits), and its lock file sits beside the target, so writers going
/// through different links to one store still exclude each other. A link to a missing
/// file is refused rather than replaced by a regular file.
///
/// A store file without write permission (mode 0444, or not writable by this user) is
/// read-only: writes are refused with an error and the file is left as it is. (The rename
/// that replaces the file would otherwise ignore its permissions.)
///
/// Bad files are never replaced silently: a corrupt or truncated file makes reads and
/// writes throw ``FileOnboardingStorageError`` naming the path, and the file is left
/// untouched until ``moveCorruptFileAside()`` moves it to `<file>.corrupt-<time>`.
/// Non-Boolean records and unknown keys inside a valid file are kept on rewrite (see
/// ``OnboardingStoreContents``).
///
/// Every read parses the file (no cache: a cache keyed on inode and mtime can be fooled by
/// inode reuse within one timestamp tick, and a stale record is worse than a slow one).
/// To ask many questions of one version, ``load()`` once and read the snapshot, as
/// ``OnboardingFlowStatus`` does.
///
/// The ``OnboardingStorage`` methods cannot throw; when they fail they report the error
/// through the `onError` closure given at init, `value(for:)` returns `nil` and
/// `setValue(_:for:)` writes nothing.
public final class FileOnboardingStorage: OnboardingAnswerStorage, @unchecked Sendable {
    // @unchecked: all stored properties are immutable and Sendable; the file itself is
    // guarded by flock.

    /// The store file.
    public let url: URL
    /// Called with every error the non-throwing protocol methods swallow.
    private let onError: @Sendable (FileOnboardingStorageError) -> Void

    /// Writes the error to standard error; the default `onError`.
    public static let reportToStandardError: @Sendable (FileOnboardingStorageError) -> Void = { error in
        // write(2), not FileHandle: a closed or full standard error must not trap.
        let line = Array("onboarding store: \(error)\n".utf8)
        _ = line.withUnsafeBytes { posixWrite(STDERR_FILENO, $0.baseAddress!, $0.count) }
    }

    /// - Parameters:
    ///   - url: the store file. It need not exist (a missing file is an empty store); its
    ///     directory must exist for writes.
    ///   - onError: receives errors the non-throwing ``OnboardingStorage`` methods cannot
    ///     throw; default: printed to standard error.
    public init(
        url: URL,
        onError: @escaping @Sendable (FileOnboardingStorageError) -> Void = FileOnboardingStorage.reportToStandardError
    ) {
        self.url = url
        self.onError = onError
    }

    /// The sidecar file writers lock (`<file>.lock`). It is never removed: removing a lock
    /// file other processes may hold open would let two writers in at once.
    /// With `url` a symbolic link, the lock file sits beside the link's target.
    public var lockURL: URL {
        // A link that cannot be resolved (dangling, a loop) locks beside itself; the read or
        // write that follows reports the link's own problem.
        let file = (try? resolvedFile()) ?? url
        return file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".lock")
    }

    /// The file the contents live in: `url`, or when `url` is a symbolic link, the file it
    /// finally points to.
    /// - Throws: ``FileOnboardingStorageError`` (`.io`) for a link to a missing file.
    func resolvedFile() throws(FileOnboardingStorageError) -> URL {
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return url }
        guard let resolved = realpath(url.path, nil) else {
            let code = errno
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(url.path, &target, target.count - 1)
            let destination =
                length > 0 ? String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
            throw FileOnboardingStorageError(
                path: url.path, kind: .io,
                reason: code == ENOENT
                    ? "it is a symbolic link to \(destination), which does not exist; refused (create the store there or remove the link)"
                    : "cannot follow the symbolic link to \(destination): \(FileProblem.describe(errno: code))")
        }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved))
    }

    // MARK: - Throwing API

    /// The whole store. A missing file is an empty store.
    /// - Throws: ``FileOnboardingStorageError`` when the file is corrupt, newer than this
    ///   version, or unreadable.
    public func load() throws(FileOnboardingStorageError) -> OnboardingStoreContents {
        try read()
    }

    /// Reads the store, lets `body` change it and writes it back, all under the lock, so
    /// no concurrent writer's change is lost. Nothing is written when `body` throws or
    /// leaves the contents unchanged. Returns after the new file is durable on disk.
    /// - Throws: ``FileOnboardingStorageError`` (the file is left untouched), or what `body` throws.
    @discardableResult
    public func update<T>(_ body: (inout OnboardingStoreContents) throws -> T) throws -> T {
        try withLock {
            var contents = try read()
            let before = contents
            let result = try body(&contents)
            if contents != before { try replace(with: contents.serialized()) }
            return result
        }
    }

    /// Writes (or with `nil` removes) one record durably.
    /// - Throws: ``FileOnboardingStorageError``; on error nothing was written.
    public func write(_ value: Bool?, for id: OnboardingStepID) throws {
        try update { $0.setRecord(value, for: id) }
    }

    /// If the file exists and is corrupt, renames it to `<file>.corrupt-<UTC time>` (never
    /// overwriting an earlier one) so the next write starts a new store, and returns where
    /// it went and why it was moved. Returns `nil` when the file is missing or readable.
    /// A file of a newer format version is not corrupt and is not moved.
    /// - Throws: ``FileOnboardingStorageError`` when the file cannot be read, or the lock
    ///   or the rename fails.
    public func moveCorruptFileAside() throws -> (url: URL, reason: String)? {
        try withLock { () throws(FileOnboardingStorageError) -> (url: URL, reason: String)? in
            do throws(FileOnboardingStorageError) {
                _ = try read()
                return nil
            } catch {
                switch error.kind {
                case .corrupt: break
                case .unsupportedVersion: return nil  // readable by a newer tool: not ours to move
                case .io: throw error
                }
                let file = try resolvedFile()
                let aside = asideURL(for: file)
                guard rename(file.path, aside.path) == 0 else {
                    let code = errno
                    throw ioError("cannot move the corrupt file aside to \(aside.path)", code: code)
                }
                syncDirectory(of: file)
                return (aside, error.reason)
            }
        }
    }

    // MARK: - OnboardingStorage

    /// The record for `id`: nil never recorded (see `OnboardingStorage`).
    public func value(for id: OnboardingStepID) -> Bool? {
        do {
            return try read().record(for: id)
        } catch {
            onError(error)
            return nil
        }
    }

    /// Writes (or with nil removes) the record for `id` (see `OnboardingStorage`).
    public func setValue(_ value: Bool?, for id: OnboardingStepID) {
        report { try update { $0.setRecord(value, for: id) } }
    }

    /// The answer stored under `key`, or nil (see `OnboardingAnswerStorage`).
    public func answer(for key: String) -> OnboardingAnswer? {
        do {
            return try read().answer(for: key)
        } catch {
            onError(error)
            return nil
        }
    }

    /// Stores (or with nil removes) the answer under `key` (see `OnboardingAnswerStorage`).
    public func setAnswer(_ answer: OnboardingAnswer?, for key: String) {
        report { try update { $0.setAnswer(answer, for: key) } }
    }

    // MARK: - File system

    private func report(_ body: () throws -> Void) {
        do {
            try body()
        } catch let error as FileOnboardingStorageError {
            onError(error)
        } catch {
            onError(FileOnboardingStorageError(path: url.path, kind: .io, reason: "\(error)"))
        }
    }

    private func read() throws(FileOnboardingStorageError) -> OnboardingStoreContents {
        let file = try resolvedFile()
        var info = stat()
        if stat(file.path, &info) != 0 {
            let code = errno
            if code == ENOENT { return OnboardingStoreContents() }
            throw FileOnboardingStorageError(
                path: url.path, kind: .io, reason: "cannot read: \(FileProblem.describe(errno: code))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileOnboardingStorageError(
                path: url.path, kind: .io,
                reason: info.st_mode & S_IFMT == S_IFDIR
                    ? "it is a folder, not a store file" : "it is not a regular file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw FileOnboardingStorageError(
                path: url.path, kind: .io,
                reason: "cannot read: \(FileProblem.reason(path: file.path, error: error, writing: false))")
        }
        do {
            return try OnboardingStoreContents.parse(data)
        } catch {
            switch error {
            case .corrupt(let reason):
                throw FileOnboardingStorageError(path: url.path, kind: .corrupt, reason: reason)
            case .unsupportedVersion(let reason):
                throw FileOnboardingStorageError(path: url.path, kind: .unsupportedVersion, reason: reason)
            }
        }
    }

    /// Runs `body` holding an exclusive flock on the lock file.
    private func withLock<T, E: Error>(_ body: () throws(E) -> T) throws -> T {
        let file = try resolvedFile()
        let lock = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".lock").path
        let fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            throw ioError("cannot open the lock file \(lock)", code: code)
        }
        defer { close(fd) }  // closing the descriptor also releases the lock
        while flock(fd, LOCK_EX) != 0 {
            let code = errno
            guard code == EINTR else { throw ioError("cannot lock \(lock)", code: code) }
        }
        return try body()
    }

    /// Atomically replaces the store file with `data`: temp file, fsync, rename, fsync dir.
    private func replace(with data: Data) throws(FileOnboardingStorageError) {
        // Through a symbolic link: replace the target, in the target's directory (a rename
        // is atomic only within one file system), and leave the link as it is.
        let file = try resolvedFile()
        let directory = file.deletingLastPathComponent()
        var mode: mode_t = 0o644
        var existing = stat()
        if stat(file.path, &existing) == 0 {
            mode = existing.st_mode & 0o7777
            // rename(2) ignores the file's own permissions; honour them here.
            guard mode & 0o222 != 0, access(file.path, W_OK) == 0 else {
                throw FileOnboardingStorageError(
                    path: url.path, kind: .io,
                    reason: "the store is read-only (mode \(String(mode, radix: 8))); nothing was written")
            }
        }
        // One fixed temp name is enough: only the lock holder writes it. A temp file left by
        // a writer killed mid-write is simply overwritten by the next write, so crashes do
        // not accumulate litter.
        let temp = directory.appendingPathComponent(".\(file.lastPathComponent).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let code = errno
            throw ioError("cannot create \(temp.path)", code: code)
        }
        // The new file gets the old one's mode (and owner, when allowed), not the umask's.
        _ = fchmod(fd, mode)
        if existing.st_ino != 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
        var ok = false
        defer {
            if !ok { unlink(temp.path) }
        }
        // 0 when every byte was written, else the errno of the failed write.
        let written = data.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let count = posixWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return 0
        }
        guard written == 0 else {
            let error = ioError("cannot write \(temp.path)", code: written)
            close(fd)
            throw error
        }
        guard fsync(fd) == 0 else {
            let code = errno
            let error = ioError("cannot flush \(temp.path) to disk", code: code)
            close(fd)
            throw error
        }
        close(fd)
        guard rename(temp.path, file.path) == 0 else {
            let code = errno
            throw ioError("cannot rename \(temp.path) over the store", code: code)
        }
        ok = true
        syncDirectory(of: file)
    }

    /// Makes the rename itself durable. Best effort: some file systems refuse fsync on a
    /// directory, and the data is already safe in the renamed file by then.
    private func syncDirectory(of file: URL) {
        let fd = open(file.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private func asideURL(for file: URL) -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = file.path + ".corrupt-" + formatter.string(from: Date())
        var candidate = base
        var counter = 1
        while FileManager.default.fileExists(atPath: candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        return URL(fileURLWithPath: candidate)
    }

    /// An I/O error with `code`, the `errno` of the failed call: captured by the caller
    /// right after the call, before building `what` (which can change `errno`: building
    /// the lock file's path once turned "Permission denied" into "No such file or directory").
    private func ioError(_ what: String, code: Int32) -> FileOnboardingStorageError {
        FileOnboardingStorageError(path: url.path, kind: .io, reason: "\(what): \(String(cString: strerror(code)))")
    }
}

/// The C `write(2)`; a free function because inside the class `write` names the record writer.
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
