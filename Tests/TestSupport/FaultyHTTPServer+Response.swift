import Foundation

/// Builds and sends the answer to one request of a ``FaultyHTTPServer``, applying its fault.
struct FaultyHTTPResponse {
    let connection: FaultyHTTPConnection
    let request: FaultyHTTPServer.Request

    init(connection: FaultyHTTPConnection, request: FaultyHTTPServer.Request) {
        self.connection = connection
        self.request = request
    }

    private var isHead: Bool { request.method == "HEAD" }

    func send(fault: FaultyHTTPServer.Fault?) {
        if case .status(let code, let body, let type) = fault {
            return whole(code, type: type, body: Data(body.utf8))
        }
        if case .busy(_, let retryAfter) = fault {
            let body = Data("busy, try again\n".utf8)
            let wait = retryAfter.map { ["Retry-After: \($0)"] } ?? []
            head(503, ["Content-Type: text/plain", "Content-Length: \(body.count)"] + wait)
            if !isHead { connection.write(body) }
            return
        }
        if case .endless = fault { return endless() }
        if case .redirect(let location) = fault { return head(302, ["Location: \(location)", "Content-Length: 0"]) }
        guard let file = connection.core.contents(of: request.path) else {
            return whole(404, type: "text/plain; charset=utf-8", body: Data("not found: \(request.path)\n".utf8))
        }
        let type = Self.contentType(request.path)
        switch fault {
        case .ignoreRange?:
            whole(200, type: type, body: file)
        case .oversend(let extra, let declareLength)?:
            let body = file + Data(repeating: 0x2A, count: max(extra, 0))
            let length = declareLength ? ["Content-Length: \(body.count)"] : []
            head(200, ["Content-Type: \(type)"] + length)
            if !isHead { connection.write(body) }
        case .closeAfter(let bytes, _)?:
            let (status, headers, body) = ranged(file, type: type)
            head(status, headers)
            if !isHead { connection.write(body.prefix(max(bytes, 0))) }
        case .trickle(let bytes, let interval)?:
            let (status, headers, body) = ranged(file, type: type)
            head(status, headers)
            if !isHead { trickle(body, bytes: bytes, every: interval) }
        default:
            let (status, headers, body) = ranged(file, type: type)
            head(status, headers)
            if !isHead { connection.write(body) }
        }
    }

    /// A normal answer for `file`: 200, or 206/416 for a single `bytes=` range.
    private func ranged(_ file: Data, type: String) -> (Int, [String], Data) {
        let common = ["Content-Type: \(type)", "Accept-Ranges: bytes"]
        guard let range = request.range, let (start, end) = Self.parseRange(range, size: file.count) else {
            return (200, common + ["Content-Length: \(file.count)"], file)
        }
        guard start < file.count, start <= end else {
            return (416, ["Content-Range: bytes */\(file.count)", "Content-Length: 0"], Data())
        }
        let body = file.subdata(in: start..<(end + 1))
        return (
            206, common + ["Content-Range: bytes \(start)-\(end)/\(file.count)", "Content-Length: \(body.count)"], body
        )
    }

    /// `bytes=N-`, `bytes=N-M` or `bytes=-K`; nil for anything else (served as 200).
    static func parseRange(_ header: String, size: Int) -> (Int, Int)? {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.hasPrefix("bytes="), !value.contains(",") else { return nil }
        let bounds = value.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return nil }
        if bounds[0].isEmpty, let suffix = Int(bounds[1]), suffix > 0 { return (max(size - suffix, 0), size - 1) }
        guard let start = Int(bounds[0]), start >= 0 else { return nil }
        if bounds[1].isEmpty { return (start, size - 1) }
        guard let end = Int(bounds[1]), end >= start else { return nil }
        return (start, min(end, size - 1))
    }

    private func whole(_ status: Int, type: String, body: Data) {
        head(status, ["Content-Type: \(type)", "Content-Length: \(body.count)"])
        if !isHead { connection.write(body) }
    }

    private func head(_ status: Int, _ headers: [String]) {
        let lines = ["HTTP/1.1 \(status) \(Self.reason(status))"] + headers + ["Connection: close", "", ""]
        connection.write(Data(lines.joined(separator: "\r\n").utf8))
    }

    private func trickle(_ body: Data, bytes: Int, every interval: Double) {
        let step = max(bytes, 1)
        var offset = 0
        while offset < body.count, connection.keepGoing {
            let next = min(offset + step, body.count)
            guard connection.write(body.subdata(in: offset..<next)) else { return }
            offset = next
            let wake = Date().addingTimeInterval(interval)
            while offset < body.count, Date() < wake, connection.keepGoing { Thread.sleep(forTimeInterval: 0.02) }
        }
    }

    private func endless() {
        head(200, ["Content-Type: application/octet-stream"])
        guard !isHead else { return }
        let chunk = Data(repeating: 0x55, count: 64 * 1024)
        var sent = 0
        let cap = connection.core.limits.endlessBytes
        while sent < cap, connection.keepGoing {
            guard connection.write(chunk.prefix(cap - sent)) else { return }
            sent += min(chunk.count, cap - sent)
        }
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "json": "application/json"
        case "sig", "txt": "text/plain; charset=utf-8"
        case "tar": "application/x-tar"
        case "aac", "m4a": "audio/mp4"
        case "mp3": "audio/mpeg"
        case "ogg", "opus": "audio/ogg"
        case "flac": "audio/flac"
        case "wav": "audio/wav"
        default: "application/octet-stream"
        }
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 206: "Partial Content"
        case 302: "Found"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 416: "Range Not Satisfiable"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
