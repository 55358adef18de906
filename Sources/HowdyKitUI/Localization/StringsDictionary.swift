import Foundation
import HowdyText

extension StringsTable {
    /// Parses `.stringsdict` bytes (an XML or binary property list): each key's
    /// `NSStringLocalizedFormatKey` with its `%#@name@` variables of
    /// `NSStringPluralRuleType` (plural forms zero/one/two/few/many/other, the value type
    /// in `NSStringFormatValueTypeKey`), or an `NSStringDeviceSpecificRuleType` dictionary
    /// of device forms. Entries of other rule types (`NSStringVariableWidthRuleType`) are
    /// skipped with a note.
    /// - Throws: ``LocalizationFileError`` naming `file` and the key path.
    public static func decodeDictionary(_ data: Data, language: String, file: String) throws(LocalizationFileError)
        -> StringsTable
    {
        guard let parsed = PropertyList.parse(data) else {
            throw LocalizationFileError(
                file: file, message: "not a .stringsdict file: not a property list libplist can read")
        }
        guard case .dictionary(let root) = parsed else {
            throw LocalizationFileError(
                file: file, message: "not a .stringsdict file: expected a dictionary, got \(parsed.typeDescription)")
        }
        var table = StringsTable(language: language, entries: [:])
        for key in root.keys.sorted() {
            guard case .dictionary(let entry) = root[key] else {
                throw LocalizationFileError(file: file, path: key, message: "expected a dictionary")
            }
            if case .dictionary(let devices) = entry["NSStringDeviceSpecificRuleType"] {
                var forms = StringCatalog.Forms()
                for device in devices.keys.sorted() {
                    guard case .string(let value) = devices[device] else {
                        throw LocalizationFileError(
                            file: file, path: "\(key).NSStringDeviceSpecificRuleType.\(device)",
                            message: "expected a string")
                    }
                    forms.device[device] = StringCatalog.Forms(value: value)
                }
                table.forms[key] = forms
                continue
            }
            guard case .string(let format) = entry["NSStringLocalizedFormatKey"] else {
                if entry["NSStringVariableWidthRuleType"] != nil {
                    table.notes.append(
                        StringCatalog.Note(
                            path: key, message: "NSStringVariableWidthRuleType is not supported; skipped"))
                    continue
                }
                throw LocalizationFileError(
                    file: file, path: "\(key).NSStringLocalizedFormatKey", message: "required string is missing")
            }
            var forms = StringCatalog.Forms(value: format)
            for name in entry.keys.sorted() where name != "NSStringLocalizedFormatKey" {
                guard case .dictionary(let variable) = entry[name] else {
                    throw LocalizationFileError(file: file, path: "\(key).\(name)", message: "expected a dictionary")
                }
                let rule = variable["NSStringFormatSpecTypeKey"]
                guard rule == .string("NSStringPluralRuleType") else {
                    throw LocalizationFileError(
                        file: file, path: "\(key).\(name).NSStringFormatSpecTypeKey",
                        message: "expected NSStringPluralRuleType (the only rule type variables use)")
                }
                var specifier = "d"
                if case .string(let type) = variable["NSStringFormatValueTypeKey"] { specifier = type }
                var plural: [PluralCategory: String] = [:]
                for category in PluralCategory.allCases {
                    guard let value = variable[category.rawValue] else { continue }
                    guard case .string(let text) = value else {
                        throw LocalizationFileError(
                            file: file, path: "\(key).\(name).\(category.rawValue)", message: "expected a string")
                    }
                    plural[category] = text
                }
                if plural[.other] == nil {
                    table.notes.append(
                        StringCatalog.Note(path: "\(key).\(name)", message: "plural rule without an \"other\" form"))
                }
                forms.substitutions[name] = StringCatalog.Substitution(
                    formatSpecifier: specifier, forms: StringCatalog.Forms(plural: plural))
            }
            table.forms[key] = forms
        }
        return table
    }
}
