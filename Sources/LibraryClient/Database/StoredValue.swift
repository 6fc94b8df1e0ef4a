/// Reads an enum stored as text; a value the enum does not know is an error naming the table and
/// column (a database written by a newer release, or damaged), never a silent fallback.
///
/// ```swift
/// let kind = try StoredValue.decode(Kind.self, row["kind"], table: "library_item", column: "kind")
/// ```
enum StoredValue {
    static func decode<T: RawRepresentable>(_ type: T.Type, _ raw: String, table: String, column: String) throws -> T
    where T.RawValue == String {
        guard let value = T(rawValue: raw) else {
            throw LibraryClientError.unexpectedValue(table: table, column: column, value: raw)
        }
        return value
    }
}
