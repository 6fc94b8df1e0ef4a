import Foundation

/// One line of a ``NginxServer``'s access log.
public struct NginxAccess: Sendable, Equatable {
    public var method: String
    /// The request path (`/packs/<id>/1/pack.tar`).
    public var path: String
    public var status: Int
    /// Body bytes nginx sent.
    public var bytes: Int64
    /// The `Range` header, or nil.
    public var range: String?
}

extension NginxServer {
    /// Every request answered so far, in order (nginx writes each line when the response ends).
    ///
    /// ```swift
    /// let fetched = nginx.accessLog().filter { $0.path.contains("/assets/") }.reduce(0) { $0 + $1.bytes }
    /// ```
    public func accessLog() -> [NginxAccess] {
        let text = (try? String(contentsOf: workDirectory.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 4)
            guard parts.count == 5, let status = Int(parts[2]), let bytes = Int64(parts[3]) else { return nil }
            let range = parts[4].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return NginxAccess(
                method: String(parts[0]), path: String(parts[1]), status: status, bytes: bytes,
                range: range == "-" || range.isEmpty ? nil : range)
        }
    }
}
