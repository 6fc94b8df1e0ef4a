/// A small, tolerant reader of iXML documents: elements, text, comments, processing
/// instructions, CDATA and the five named and numeric character references. It does not
/// validate beyond what it needs: tags must nest and the root must be `BWFXML`. Attributes
/// are skipped. Anything else is "not XML" and the whole chunk is left out.
enum IXMLReader {
    /// The most elements read from one chunk.
    private static let maxElements = 10_000
    private static let maxDepth = 32

    /// The leaf elements by path below the root, or nil when `bytes` is not an iXML document.
    static func read(_ bytes: [UInt8]) -> IXMLFields? {
        let text = Array(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self).unicodeScalars)
        var stack: [String] = []
        var hadChild: [Bool] = []
        var fields: [String: String] = [:]
        var pending = ""
        var rootSeen = false
        var elements = 0
        var i = 0
        func starts(_ token: String, _ at: Int) -> Bool {
            let scalars = Array(token.unicodeScalars)
            guard at + scalars.count <= text.count else { return false }
            return text[at..<(at + scalars.count)].elementsEqual(scalars)
        }
        func find(_ token: String, from: Int) -> Int? {
            var at = from
            while at < text.count {
                if starts(token, at) { return at }
                at += 1
            }
            return nil
        }
        while i < text.count {
            guard text[i] == "<" else {
                pending.unicodeScalars.append(text[i])
                i += 1
                continue
            }
            if starts("<!--", i) {
                guard let end = find("-->", from: i + 4) else { return nil }
                i = end + 3
            } else if starts("<![CDATA[", i) {
                guard let end = find("]]>", from: i + 9) else { return nil }
                pending += String(String.UnicodeScalarView(text[(i + 9)..<end]))
                i = end + 3
            } else if starts("<?", i) || starts("<!", i) {
                guard let end = find(">", from: i + 2) else { return nil }
                i = end + 1
            } else {
                guard let end = find(">", from: i + 1) else { return nil }
                var inside = String(String.UnicodeScalarView(text[(i + 1)..<end]))
                i = end + 1
                if inside.hasPrefix("/") {
                    let name = inside.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)
                    guard let open = stack.last, open == name else { return nil }
                    if hadChild.last == false, stack.count > 1 {
                        let path = stack.dropFirst().joined(separator: "/")
                        let value = decodeEntities(pending).trimmingCharacters(in: .whitespacesAndNewlines)
                        if fields[path] == nil, !value.isEmpty { fields[path] = value }
                    }
                    stack.removeLast()
                    hadChild.removeLast()
                    pending = ""
                    continue
                }
                let selfClosing = inside.hasSuffix("/")
                if selfClosing { inside.removeLast() }
                let name = String(inside.prefix { !$0.isWhitespace })
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_-.:".contains($0) }) else {
                    return nil
                }
                elements += 1
                guard elements <= maxElements else { return nil }
                if stack.isEmpty {
                    guard !rootSeen, name.uppercased() == "BWFXML" else { return nil }
                    rootSeen = true
                }
                if !hadChild.isEmpty { hadChild[hadChild.count - 1] = true }
                pending = ""
                if !selfClosing {
                    guard stack.count < maxDepth else { return nil }
                    stack.append(name)
                    hadChild.append(false)
                }
            }
        }
        guard rootSeen, stack.isEmpty else { return nil }
        return IXMLFields(fields: fields)
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` and `&#xNN;` replaced; anything
    /// else left as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semi]
            var replacement = named[name]
            if replacement == nil, name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value =
                    digits.hasPrefix("x") || digits.hasPrefix("X")
                    ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                replacement = value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
            if let replacement {
                result += replacement
                rest = after[after.index(after: semi)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }
}
