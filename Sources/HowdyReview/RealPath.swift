import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where a path really is: links resolved in every part that exists. Used to keep the
/// review's writes inside the folders they are meant for.
enum RealPath {
    /// `path` made absolute, with every link in its existing leading part resolved; the
    /// parts that do not exist yet are appended as given (`..` in them is refused by
    /// callers; here it is kept, and so never counts as inside anything).
    static func resolve(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var missing: [String] = []
        while true {
            if let real = realpath(url.path, nil) {
                defer { free(real) }
                var result = String(cString: real)
                for part in missing.reversed() { result += (result.hasSuffix("/") ? "" : "/") + part }
                return result
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return URL(fileURLWithPath: path).standardizedFileURL.path }
            missing.append(url.lastPathComponent)
            url = parent
        }
    }

    /// Whether `path` (resolved) is `root` (resolved) or lies inside it.
    static func isInside(_ path: String, _ root: String, orSame: Bool = true) -> Bool {
        let path = resolve(path), root = resolve(root)
        if path.split(separator: "/").contains("..") { return false }
        if path == root { return orSame }
        return path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}

extension RealPath {
    /// The path of `file` relative to the folder `from`, both resolved (`../../a/b.png`).
    static func relative(from folder: String, to file: String) -> String {
        let base = resolve(folder).split(separator: "/"), target = resolve(file).split(separator: "/")
        var common = 0
        while common < base.count, common < target.count - 1, base[common] == target[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...].map(String.init)).joined(separator: "/")
    }
}
