import Foundation

/// One plain sentence for a file that could not be read or written, naming the path and
/// the reason ("cannot write /tmp/out: it is a folder"), instead of Foundation's raw
/// error dumps such as "The operation could not be completed. (NSCocoaErrorDomain error
/// 256.)".
public enum FileProblem {
    /// "cannot `action` `path`: `reason`", e.g. "cannot read /a/icon.png: no such file".
    /// - Parameters:
    ///   - action: the verb, "read" or "write" (or "create the folder"...).
    ///   - path: the file or folder concerned.
    ///   - error: what Foundation or the system threw; its POSIX code is used when it has
    ///     one, otherwise the state of `path` on disk explains the failure.
    public static func message(_ action: String, _ path: String, _ error: any Error) -> String {
        "cannot \(action) \(path): \(reason(path: path, error: error, writing: action != "read"))"
    }

    /// As ``message(_:_:_:)`` for an error that names its own file (Foundation puts the
    /// path in `NSFilePathErrorKey` or `NSURLErrorKey`); `defaultPath` when it does not.
    public static func message(_ action: String, _ error: any Error, defaultPath: String) -> String {
        let info = (error as NSError).userInfo
        let path = info[NSFilePathErrorKey] as? String ?? (info[NSURLErrorKey] as? URL)?.path ?? defaultPath
        return message(action, path, error)
    }

    /// Whether `error` comes from the file system (Foundation's file APIs or a POSIX call),
    /// as opposed to an error about the data.
    public static func isFileSystemError(_ error: any Error) -> Bool {
        if error is CocoaError || error is POSIXError { return true }
        let domain = (error as NSError).domain
        return domain == NSCocoaErrorDomain || domain == NSPOSIXErrorDomain
    }

    /// The reason alone ("it is a folder", "permission denied", "no such file").
    public static func reason(path: String, error: (any Error)?, writing: Bool) -> String {
        if let state = stateProblem(path: path, writing: writing) { return state }
        if let code = error.flatMap(posixCode) { return describe(errno: code) }
        guard let error else { return "unknown error" }
        var text = (error as NSError).localizedDescription
        for prefix in ["The operation could not be completed. ", "The operation couldn’t be completed. "]
        where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        if text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty || text.contains("NSCocoaErrorDomain") ? "the file system refused" : lowercasedFirst(text)
    }

    /// The system's text for `code`, lower-case, with "is a directory" as "it is a folder".
    public static func describe(errno code: Int32) -> String {
        switch code {
        case EISDIR: "it is a folder"
        case ENOTDIR: "a part of the path is not a folder"
        case ENOENT: "no such file or folder"
        default: lowercasedFirst(String(cString: strerror(code)))
        }
    }

    /// What is wrong with `path` as it is now on disk, when that alone explains a failure.
    private static func stateProblem(path: String, writing: Bool) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return "it is a folder"
            // Foundation said "you don't have permission" for a FIFO.
            case S_IFIFO: return "it is a FIFO (named pipe), not a regular file"
            case S_IFSOCK: return "it is a socket, not a regular file"
            case S_IFCHR, S_IFBLK: return writing ? nil : "it is a device, not a regular file"
            default: return nil
            }
        }
        let code = errno
        guard code == ENOENT else { return describe(errno: code) }
        if !writing { return "no such file" }
        let folder = (path as NSString).deletingLastPathComponent
        var folderInfo = stat()
        if stat(folder.isEmpty ? "." : folder, &folderInfo) != 0 { return "its folder \(folder) does not exist" }
        if folderInfo.st_mode & S_IFMT != S_IFDIR { return "\(folder) is not a folder" }
        return nil
    }

    /// The POSIX error code inside a Foundation error, if any.
    private static func posixCode(_ error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(truncatingIfNeeded: ns.code) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError { return posixCode(underlying) }
        return nil
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first, text.dropFirst().first?.isUppercase != true else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
