/// A query (command-line flags or an HTTP request's parameters) that cannot be answered as given.
package enum LibraryQueryError: Error, Equatable, CustomStringConvertible {
    /// A theme filter without a kind: each kind has its own themes.
    case themeNeedsKind
    /// A list without a kind and without search words.
    case kindRequired
    /// A parameter whose value is not one of the allowed ones (or not a number).
    case invalidValue(name: String, value: String, expected: String)
    /// A required parameter is missing.
    case missing(name: String)

    package var description: String {
        switch self {
        case .themeNeedsKind:
            "a theme filter needs a kind (music, atmosphere or sfx): each kind has its own themes"
        case .kindRequired:
            "give a kind (music, atmosphere or sfx), or words to search for"
        case .invalidValue(let name, let value, let expected):
            "'\(value)' is not a valid \(name); expected \(expected)"
        case .missing(let name):
            "\(name) is missing; give it"
        }
    }
}
