/// A string compared and hashed by its exact UTF-8 bytes. Swift's `String` equality is
/// canonical equivalence, so "é" (U+00E9) and "e\u{301}" are equal as Strings; a cache of names
/// already checked for normal form must tell them apart.
///
/// ```swift
/// ExactString("\u{E9}") == ExactString("e\u{301}")   // false
/// ```
struct ExactString: Hashable {
    let value: String

    init(_ value: String) { self.value = value }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.value.utf8.elementsEqual(rhs.value.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var copy = value
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
