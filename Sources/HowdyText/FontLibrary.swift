import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The bundled fonts (`Sources/HowdyText/Fonts`, also reachable as `Fonts/`) and name lookup.
///
/// Fonts are looked up by name in the folders of ``searchPath``, first match wins. By
/// default that is, of the following, those that exist:
/// 1. `$HOWDY_FONTS_DIR`;
/// 2. the SwiftPM resource bundle beside the running executable
///    (`<exe dir>/<Package>_HowdyText.resources/Fonts`, the folder `Bundle.module` opens on
///    Linux): every binary or test bundle that links HowdyText carries the fonts there;
/// 3. an installation: `<exe dir>/../share/howdy/fonts` (`scripts/install.sh`);
/// 4. `<exe dir>/Fonts`, for a binary deployed next to its fonts;
/// 5. when none of those exists, the same beside the binary this code was linked into,
///    for `libhowdytext.so` loaded by Python or a C program whose executable lies
///    elsewhere: its resource bundle (a SwiftPM build folder), then
///    `PREFIX/share/howdy/fonts` for `PREFIX/lib/libhowdytext.so`.
///
/// The executable's path is its real path (`/proc/self/exe`), so a symlink on `PATH`
/// still finds the fonts of the installation it points into. No path of the checkout the
/// library was built from is compiled in: a binary works the same once that is gone.
///
/// Lookups use `stat` and `readdir` directly: a one-shot `howdy balance` starts in a few
/// milliseconds, and Foundation's URL and FileManager took a tenth of that here.
public enum FontLibrary {
    /// The folders searched for bundled fonts, in order. Setting it (any thread) replaces
    /// the default (see the type's documentation) for lookups that follow; folders that do
    /// not exist are skipped. Faces already opened stay open.
    public static var searchPath: [String] {
        get { state.withLock { $0.searchPath } }
        set { state.withLock { $0 = State(searchPath: newValue) } }
    }

    /// The default ``searchPath``: the existing folders of ``candidateFolders``.
    public static var defaultSearchPath: [String] { defaults.filter(isDirectory) }

    /// Every folder the default search path considers, existing or not, in order (for
    /// messages that say where fonts were looked for).
    public static var candidateFolders: [String] { defaults }

    /// The first folder of ``searchPath`` that exists, or nil when none does.
    public static var fontsDirectory: String? { searchPath.first(where: isDirectory) }

    /// Bundled font names (file names without extension), e.g. `Inter-Bold`, sorted.
    public static var bundledNames: [String] { listedPaths.keys.sorted() }

    /// The resource bundle's name prefix SwiftPM gives HowdyText's resources when this
    /// package is the root or a dependency (`HowdyKit_HowdyText.resources`).
    private static let resourceBundle = "HowdyKit_HowdyText.resources"

    private static let defaults: [String] = {
        var folders: [String] = []
        if let override = getenv("HOWDY_FONTS_DIR").map({ String(cString: $0) }), !override.isEmpty {
            folders.append(override)
        }
        if let executable = executablePath() {
            let folder = parent(of: executable)
            folders += [
                folder + "/" + resourceBundle + "/Fonts", normalized(folder + "/../share/howdy/fonts"),
                folder + "/Fonts",
            ]
        }
        // Read /proc/self/maps only when needed: a one-shot `howdy` finds its fonts above.
        if !folders.contains(where: isDirectory), let image = imagePath() {
            // SwiftPM puts a library's resource bundle beside it, as for an executable.
            folders += [
                parent(of: image) + "/" + resourceBundle + "/Fonts",
                normalized(parent(of: parent(of: image)) + "/share/howdy/fonts"),
            ]
        }
        return folders
    }()

    /// The search path and the font files found in it, listed once per search path.
    private struct State {
        var searchPath: [String]
        var listing: [String: String]?
    }

    private static let state = Mutex(State(searchPath: defaults.filter(isDirectory)))

    /// Bundled font files by name, from one listing of each folder (for names whose file
    /// has an extension in another case, and for `bundledNames`); earlier folders win.
    private static var listedPaths: [String: String] {
        state.withLock { state in
            if let listing = state.listing { return listing }
            var paths: [String: String] = [:]
            for directory in state.searchPath.reversed() {
                guard let stream = opendir(directory) else { continue }
                defer { closedir(stream) }
                while let entry = readdir(stream) {
                    let file = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    guard isFontFile(file), let dot = file.lastIndex(of: ".") else { continue }
                    paths[String(file[..<dot])] = directory + "/" + file
                }
            }
            state.listing = paths
            return paths
        }
    }

    /// The path of a bundled font by name (`Inter-Bold`), or nil. Tries the usual file
    /// extensions in each folder first, so a lookup costs a `stat` or two, not a listing.
    public static func bundledPath(_ name: String) -> String? {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { return nil }
        for directory in searchPath {
            for suffix in [".otf", ".ttf", ".ttc"] where isRegularFile(directory + "/" + name + suffix) {
                return directory + "/" + name + suffix
            }
        }
        return listedPaths[name]
    }

    /// Up to three bundled names close to `name` (a typo, another case), nearest first.
    public static func suggestions(for name: String) -> [String] {
        NameSuggestion.nearest(to: name, among: bundledNames, count: 3)
    }

    /// Resolves a font name: a path, a bundled name, or a fontconfig family.
    /// - Throws: `TextError.fontNotFound` when nothing matches; file errors name the path.
    public static func face(named name: String) throws -> FontFace {
        try face(named: name, system: .shared)
    }

    /// `face(named:)` through `system`'s face cache.
    package static func face(named name: String, system: TextSystem) throws -> FontFace {
        if name.contains("/") || isFontFile(name) {
            return try FontFace.open(path: name, index: 0, system: system)
        }
        if let path = bundledPath(name) ?? bundledPath(alias(name)) {
            return try FontFace.open(path: path, index: 0, system: system)
        }
        if let match = FontConfig.match(family: name) {
            return try FontFace.open(path: match.path, index: match.index, system: system)
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

extension FontLibrary {
    /// Why `name` matched nothing: the folders searched, the nearest bundled names, and
    /// how to point the library at fonts.
    static func notFoundMessage(_ name: String) -> String {
        let folders = searchPath
        let bundled =
            folders.isEmpty
            ? "no bundled fonts (no fonts folder in \(candidateFolders.joined(separator: ", ")); "
                + "set HOWDY_FONTS_DIR or FontLibrary.searchPath)"
            : "not among the \(bundledNames.count) bundled fonts in \(folders.joined(separator: ", "))"
        var message = "no font named '\(name)': \(bundled), not a readable file and not a fontconfig family"
        let suggestions = suggestions(for: name)
        if !suggestions.isEmpty {
            message += "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        return message
    }
}
