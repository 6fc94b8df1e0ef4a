import Foundation

/// The requests nginx logged (`status bytes` per line, the body bytes it sent), read from a mark.
struct AccessLog {
    let url: URL
    private(set) var mark = 0

    init(_ url: URL) { self.url = url }

    /// Requests and body bytes since the last call.
    mutating func since() -> (requests: Int, bytes: Int64, statuses: [Int]) {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        let new = lines.dropFirst(mark)
        mark = lines.count
        var bytes: Int64 = 0
        var statuses: [Int] = []
        for line in new {
            let parts = line.split(separator: " ")
            guard parts.count >= 2 else { continue }
            statuses.append(Int(parts[0]) ?? 0)
            bytes += Int64(parts[1]) ?? 0
        }
        return (new.count, bytes, statuses)
    }
}
