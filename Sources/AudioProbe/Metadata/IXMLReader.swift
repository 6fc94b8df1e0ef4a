import Foundation

/// A small, tolerant reader of iXML documents: elements, text, comments, processing
/// instructions, CDATA and the five named and numeric character references. It does not
/// validate beyond what it needs: tags must nest and the root must be `BWFXML`. Attributes
/// are skipped. Anything else is "not XML" and the whole chunk is left out. It works on the
/// UTF-8 bytes (every byte of markup is ASCII), making strings only of names and leaf texts.
enum IXMLReader {
    /// The most elements read from one chunk.
    private static let maxElements = 10_000
    private static let maxDepth = 32
    private static let lt = UInt8(ascii: "<")
    private static let gt = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/")

    /// The leaf elements by path below the root, or nil when `bytes` is not an iXML document.
    static func read(_ bytes: [UInt8]) -> IXMLFields? {
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        var stack: [String] = []
        var hadChild: [Bool] = []
        var fields: [String: String] = [:]
        var text: [UInt8] = []
        var rootSeen = false
        var elements = 0
        var i = 0
        func starts(_ token: StaticString, _ at: Int) -> Bool {
            let count = token.utf8CodeUnitCount
            guard at + count <= end else { return false }
            return token.withUTF8Buffer { token in (0..<count).allSatisfy { bytes[at + $0] == token[$0] } }
        }
        func find(_ token: StaticString, from: Int) -> Int? {
            let first = token.withUTF8Buffer { $0[0] }
            var at = from
            while at < end {
                if bytes[at] == first, starts(token, at) { return at }
                at += 1
            }
            return nil
        }
        while i < end {
            guard bytes[i] == lt else {
                let next = bytes[i..<end].firstIndex(of: lt) ?? end
                text += bytes[i..<next]
                i = next
                continue
            }
            if starts("<!--", i) {
                guard let close = find("-->", from: i + 4) else { return nil }
                i = close + 3
            } else if starts("<![CDATA[", i) {
                guard let close = find("]]>", from: i + 9) else { return nil }
                text += escaped(bytes[(i + 9)..<close])
                i = close + 3
            } else if starts("<?", i) || starts("<!", i) {
                guard let close = find(">", from: i + 2) else { return nil }
                i = close + 1
            } else {
                guard let close = find(">", from: i + 1) else { return nil }
                var inside = bytes[(i + 1)..<close]
                i = close + 1
                if inside.first == slash {
                    let name = String(decoding: TagText.trimmed(inside.dropFirst()), as: UTF8.self)
                    guard let open = stack.last, open == name else { return nil }
                    if hadChild.last == false, stack.count > 1 {
                        let value = TagText.trimmed(text[...])
                        let path = stack.dropFirst().joined(separator: "/")
                        if fields[path] == nil, !value.isEmpty {
                            fields[path] = decodeEntities(String(decoding: value, as: UTF8.self))
                        }
                    }
                    stack.removeLast()
                    hadChild.removeLast()
                    text.removeAll(keepingCapacity: true)
                    continue
                }
                let selfClosing = inside.last == slash
                if selfClosing { inside = inside.dropLast() }
                let nameBytes = inside.prefix { !isSpace($0) }
                guard !nameBytes.isEmpty, nameBytes.allSatisfy(isNameByte) else { return nil }
                let name = String(decoding: nameBytes, as: UTF8.self)
                elements += 1
                guard elements <= maxElements else { return nil }
                if stack.isEmpty {
                    guard !rootSeen, name.uppercased() == "BWFXML" else { return nil }
                    rootSeen = true
                }
                if !hadChild.isEmpty { hadChild[hadChild.count - 1] = true }
                text.removeAll(keepingCapacity: true)
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

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Letters, digits, `_`, `-`, `.`, `:` and any non-ASCII byte (names may be Unicode).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: ":"), 0x80...0xFF:
            true
        default: false
        }
    }

    /// CDATA text with `&` escaped, so decoding the element's text leaves it as written.
    private static func escaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return Array(bytes) }
        return bytes.flatMap { $0 == UInt8(ascii: "&") ? Array("&amp;".utf8) : [$0] }
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
