import Foundation

/// The fonts bundled in the repository's `Fonts/` folder and name lookup.
///
/// The folder is found, in order, at `$HOWDY_FONTS_DIR`, next to the sources this
/// library was built from (a checkout), or beside the running executable
/// (`<exe>/Fonts`, `<exe>/../../Fonts` for `.build/<config>/howdy`).
public enum FontLibrary {
    /// The bundled fonts folder, or nil when none of the places above has one.
    public static let fontsDirectory: String? = {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["HOWDY_FONTS_DIR"], !override.isEmpty {
            candidates.append(override)
        }
        let source = URL(fileURLWithPath: #filePath)
        candidates.append(source.deletingLastPathComponent().appendingPathComponent("../../Fonts").standardized.path)
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let folder = executable.deletingLastPathComponent()
        candidates.append(folder.appendingPathComponent("Fonts").path)
        candidates.append(folder.appendingPathComponent("../../Fonts").standardized.path)
        return candidates.first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }()

    /// Bundled font names (file names without extension), e.g. `Inter-Bold`, sorted.
    public static var bundledNames: [String] { bundledPaths.keys.sorted() }

    /// Bundled font files by name, listed once.
    private static let bundledPaths: [String: String] = {
        guard let directory = fontsDirectory,
            let files = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { return [:] }
        var paths: [String: String] = [:]
        for file in files where isFontFile(file) {
            paths[(file as NSString).deletingPathExtension] = directory + "/" + file
        }
        return paths
    }()

    /// The path of a bundled font by name (`Inter-Bold`), or nil.
    public static func bundledPath(_ name: String) -> String? { bundledPaths[name] }

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
}
