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
        FileHandle.standardError.write(Data("onboarding store: \(error)\n".utf8))
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
    public var lockURL: URL { url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".lock") }

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
                let aside = asideURL()
                guard rename(url.path, aside.path) == 0 else {
                    throw ioError("cannot move the corrupt file aside to \(aside.path)")
                }
                syncDirectory()
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
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return OnboardingStoreContents() }
            throw FileOnboardingStorageError(
                path: url.path, kind: .io, reason: "cannot read: \(error.localizedDescription)")
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
        let fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ioError("cannot open lock file \(lockURL.path)") }
        defer { close(fd) }  // closing the descriptor also releases the lock
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw ioError("cannot lock \(lockURL.path)") }
        }
        return try body()
    }

    /// Atomically replaces the store file with `data`: temp file, fsync, rename, fsync dir.
    private func replace(with data: Data) throws(FileOnboardingStorageError) {
        let directory = url.deletingLastPathComponent()
        // One fixed temp name is enough: only the lock holder writes it. A temp file left by
        // a writer killed mid-write is simply overwritten by the next write, so crashes do
        // not accumulate litter.
        let temp = directory.appendingPathComponent(".\(url.lastPathComponent).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ioError("cannot create \(temp.path)") }
        var ok = false
        defer {
            if !ok { unlink(temp.path) }
        }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = posixWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        guard written else {
            let error = ioError("cannot write \(temp.path)")
            close(fd)
            throw error
        }
        guard fsync(fd) == 0 else {
            let error = ioError("cannot flush \(temp.path) to disk")
            close(fd)
            throw error
        }
        close(fd)
        guard rename(temp.path, url.path) == 0 else { throw ioError("cannot rename \(temp.path) over the store") }
        ok = true
        syncDirectory()
    }

    /// Makes the rename itself durable. Best effort: some file systems refuse fsync on a
    /// directory, and the data is already safe in the renamed file by then.
    private func syncDirectory() {
        let fd = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private func asideURL() -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = url.path + ".corrupt-" + formatter.string(from: Date())
        var candidate = base
        var counter = 1
        while FileManager.default.fileExists(atPath: candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        return URL(fileURLWithPath: candidate)
    }

    private func ioError(_ what: String) -> FileOnboardingStorageError {
        let code = errno
        return FileOnboardingStorageError(
            path: url.path, kind: .io, reason: "\(what): \(String(cString: strerror(code)))")
    }
}

/// The C `write(2)`; a free function because inside the class `write` names the record writer.
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
