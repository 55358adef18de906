import Foundation

/// Whether two paths name the same file, by device and inode: `a.png`, `./a.png`, a
/// symbolic link to it and a hard link all count as the same file.
enum FileIdentity {
    /// True when both paths exist and are the same file (symbolic links followed).
    static func same(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
