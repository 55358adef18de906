#if canImport(Glibc)
    import Glibc
#endif

/// The fonts bundled in the repository's `Fonts/` folder and name lookup.
///
/// The folder is found, in order, at `$HOWDY_FONTS_DIR`, installed beside the binary
/// that holds this code (`PREFIX/share/howdy/fonts` for `PREFIX/lib/libhowdytext.so` or
/// `PREFIX/bin/howdy`), next to the sources this library was built from (a checkout), or
/// beside the running executable (`<exe>/Fonts`, `<exe>/../../Fonts` for
/// `.build/<config>/howdy`).
///
/// Lookups use `stat` and `readdir` directly: a one-shot `howdy balance` starts in a few
/// milliseconds, and Foundation's URL and FileManager took a tenth of that here.
public enum FontLibrary {
    /// The bundled fonts folder, or nil when none of the places above has one.
    public static let fontsDirectory: String? = {
        if let override = getenv("HOWDY_FONTS_DIR").map({ String(cString: $0) }), !override.isEmpty,
            isDirectory(override)
        {
            return override
        }
        if let image = imagePath() {
            let installed = normalized(parent(of: parent(of: image)) + "/share/howdy/fonts")
            if isDirectory(installed) { return installed }
        }
        let checkout = normalized(parent(of: #filePath) + "/../../Fonts")
        if isDirectory(checkout) { return checkout }
        guard let executable = executablePath() else { return nil }
        let folder = parent(of: executable)
        return [folder + "/Fonts", normalized(folder + "/../../Fonts")].first(where: isDirectory)
    }()

    /// Bundled font names (file names without extension), e.g. `Inter-Bold`, sorted.
    public static var bundledNames: [String] { listedPaths.keys.sorted() }

    /// Bundled font files by name, from one listing of the folder (for names whose file
    /// has an extension in another case, and for `bundledNames`).
    private static let listedPaths: [String: String] = {
        guard let directory = fontsDirectory, let stream = opendir(directory) else { return [:] }
        defer { closedir(stream) }
        var paths: [String: String] = [:]
        while let entry = readdir(stream) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard isFontFile(file), let dot = file.lastIndex(of: ".") else { continue }
            paths[String(file[..<dot])] = directory + "/" + file
        }
        return paths
    }()

    /// The path of a bundled font by name (`Inter-Bold`), or nil. Tries the usual file
    /// extensions first, so a lookup costs a `stat` or two, not a listing of the folder.
    public static func bundledPath(_ name: String) -> String? {
        guard let directory = fontsDirectory, !name.isEmpty, !name.contains("/") else { return nil }
        for suffix in [".otf", ".ttf", ".ttc"] where isRegularFile(directory + "/" + name + suffix) {
            return directory + "/" + name + suffix
        }
        return listedPaths[name]
    }

    /// Resolves a font name: a path, a bundled name, or a fontconfig family.
    /// - Throws: `TextError.fontNotFound` when nothing matches; file errors name the path.
    public static func face(named name: String) throws -> FontFace {
        if name.contains("/") || isFontFile(name) {
            return try FontFace.open(path: name)
        }
        if let path = bundledPath(name) ?? bundledPath(alias(name)) {
            return try FontFace.open(path: path)
        }
        if let match = FontConfig.match(family: name) {
            return try FontFace.open(path: match.path, index: match.index)
        }
        throw TextError.fontNotFound(name)
    }

    /// The UI default: Inter Regular, the face the screens use when a theme names none.
    public static func defaultFace() throws -> FontFace { try face(named: "Inter-Regular") }

    private static func alias(_ name: String) -> String {
        switch name.lowercased() {
        case "inter": "Inter-Regular"
        case "emoji": "NotoColorEmoji"
        case "icons", "materialicons": "MaterialIcons-Regular"
        default: name
        }
    }

    private static func isFontFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc")
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The binary this code was linked into (a shared library such as libhowdytext.so, or
    /// the executable), symlinks resolved: the file mapped at `#dsohandle` in
    /// /proc/self/maps (Glibc's module does not export dladdr).
    private static func imagePath() -> String? {
        let address = UInt(bitPattern: #dsohandle)
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 256)
        while fgets(&buffer, Int32(buffer.count), maps) != nil {
            // "start-end perms offset dev inode   /path"
            let line = String(
                decoding: buffer.prefix { $0 != 0 && $0 != 0x0A }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                let start = UInt(fields[0][..<dash], radix: 16),
                let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16), start <= address, address < end
            else { continue }
            let path = fields[5].drop { $0 == " " }
            guard path.hasPrefix("/"), let resolved = realpath(String(path), nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return nil
    }

    /// The running executable with symlinks resolved (`/proc/self/exe`, else `argv[0]`).
    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        if count > 0 {
            return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard let first = CommandLine.arguments.first, !first.isEmpty,
            let resolved = realpath(first, nil)
        else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder part of a path: everything before the last `/` ("/" for a root file).
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `a/b/../c` as `a/c`, and `.` components dropped, without touching the file system
    /// (the lexical clean-up Foundation's `standardized` does).
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", path.hasPrefix("/") {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
