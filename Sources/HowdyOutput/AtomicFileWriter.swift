#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension AtomicFile {
    /// A file written a piece at a time and renamed into place by ``commit()``, with the
    /// guarantees of ``AtomicFile/write(_:to:mode:)``: a temporary file created with
    /// `O_EXCL | O_NOFOLLOW` in the destination's folder, never a write through a link,
    /// and nothing under the final name until the whole file is there. For output too large
    /// to hold (a contact sheet written a band of rows at a time).
    ///
    /// A writer dropped without ``commit()`` (an error, a thrown encoder) removes its
    /// temporary file. Used by one thread at a time.
    package final class Writer {
        /// The final path.
        package let path: String
        private let folderFD: Int32
        private var fd: Int32
        private let temporary: String
        private let name: String
        private let mode: mode_t
        private var committed = false

        /// Opens a new temporary file beside `path` for writing.
        /// - Throws: ``FileWriteError`` naming `path` (the folder is missing or read-only,
        ///   the final name is a folder...).
        package init(path: String, mode: mode_t = 0o644) throws(FileWriteError) {
            let (folder, name) = AtomicFile.split(path)
            guard !name.isEmpty, name != ".", name != ".." else {
                throw FileWriteError(path: path, reason: "it names a folder, not a file")
            }
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                throw FileWriteError(path: path, reason: "it is a folder")
            }
            let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard folderFD >= 0 else {
                throw FileWriteError(path: path, reason: "the folder \(folder): \(describe(errno))")
            }
            // The temp name keeps a bounded, ASCII-only part of the final name, so a folder
            // listing says what was being written without exceeding NAME_MAX.
            let serial = AtomicFile.counter.next()
            let label = String(String.UnicodeScalarView(name.unicodeScalars.filter(AtomicFile.isLabelScalar).prefix(100)))
            let temporary = "\(AtomicFile.temporaryPrefix)\(getpid())-\(serial)-\(label)"
            let fd = openat(folderFD, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                let code = errno
                Glibc.close(folderFD)
                throw FileWriteError(path: path, reason: describe(code))
            }
            self.path = path
            self.folderFD = folderFD
            self.fd = fd
            self.temporary = temporary
            self.name = name
            self.mode = mode
        }

        deinit {
            if fd >= 0 { Glibc.close(fd) }
            if !committed { unlinkat(folderFD, temporary, 0) }
            Glibc.close(folderFD)
        }

        /// Appends the bytes of `buffer` at the end of what was written.
        /// - Throws: ``FileWriteError`` (the disk is full...).
        package func append(_ buffer: UnsafeRawBufferPointer) throws(FileWriteError) {
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FileWriteError(path: path, reason: describe(errno))
                }
                offset += count
            }
        }

        /// Appends `bytes`.
        package func append(_ bytes: [UInt8]) throws(FileWriteError) {
            var failure: FileWriteError?
            bytes.withUnsafeBytes { raw in
                do throws(FileWriteError) { try append(raw) } catch { failure = error }
            }
            if let failure { throw failure }
        }

        /// Overwrites `bytes` at byte `offset` of what was already written (a header whose
        /// values are known only at the end).
        package func overwrite(_ bytes: [UInt8], at offset: Int) throws(FileWriteError) {
            let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
            guard written == bytes.count else {
                throw FileWriteError(path: path, reason: written < 0 ? describe(errno) : "a short write")
            }
        }

        /// Sets the mode and closes the file, which stays under its temporary name until
        /// ``commit()`` (or is removed when the writer is dropped). Nothing more can be written.
        /// - Throws: ``FileWriteError``.
        package func close() throws(FileWriteError) {
            guard fd >= 0 else { return }
            _ = fchmod(fd, mode)
            let closed = Glibc.close(fd)
            fd = -1
            guard closed == 0 else { throw FileWriteError(path: path, reason: describe(errno)) }
        }

        /// Closes the file (``close()``) and renames it over ``path``.
        /// - Throws: ``FileWriteError``; the temporary file is then removed.
        package func commit() throws(FileWriteError) {
            try close()
            guard renameat(folderFD, temporary, folderFD, name) == 0 else {
                throw FileWriteError(path: path, reason: describe(errno))
            }
            committed = true
        }
    }
}
