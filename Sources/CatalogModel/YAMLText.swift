/// Writing YAML scalars by hand (for `packer init`/`packer add`, which append text and leave
/// the author's own text and comments alone).
///
/// ```swift
/// YAMLText.quoted("Hero’s \"Journey\"")   // "\"Hero’s \\\"Journey\\\"\""
/// ```
public enum YAMLText {
    /// A double-quoted YAML string with `\` and `"` escaped and control characters removed.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n", "\r", "\t": out += " "
            default:
                if scalar.value < 0x20 { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
