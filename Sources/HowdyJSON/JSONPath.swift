/// JSON paths as every message writes them: dotted keys with `[n]` for array elements
/// (`steps[2].options[0].label`); empty for the document itself.
package enum JSONPath {
    /// `path.key`, or `key` at the root.
    package static func child(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    /// `path[index]`.
    package static func child(_ path: String, _ index: Int) -> String {
        path + "[\(index)]"
    }
}
