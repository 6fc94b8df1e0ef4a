import Foundation
import TestSupport

/// HTTP on loopback through the `curl` tool, so a test sees exactly the bytes, status and headers
/// the server sent (no client-side caching, decoding or retries).
enum HTTPClient {
    struct Reply {
        var status: Int
        /// Header names in lowercase.
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }

        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                throw ServeProcess.Failure(description: "not a JSON object: \(text)")
            }
            return object
        }
    }

    /// `method url` with `headers` and an optional body; the path is sent as given (`--path-as-is`).
    static func send(
        _ method: String, _ url: String, headers: [String: String] = [:], body: String? = nil
    ) throws -> Reply {
        let folder = try TemporaryDirectory(prefix: "http")
        let head = folder.url.appendingPathComponent("head").path
        let content = folder.url.appendingPathComponent("body").path
        var arguments = ["-s", "-S", "--path-as-is", "-X", method, "-D", head, "-o", content, "-w", "%{http_code}"]
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body] }
        arguments.append(url)
        let result = try ToolRunner.run(executable: URL(fileURLWithPath: "/usr/bin/curl"), arguments)
        guard result.status == 0, let status = Int(result.stdout) else {
            throw ServeProcess.Failure(description: "curl \(method) \(url) failed: \(result.stderr)")
        }
        var fields: [String: String] = [:]
        let headText = (try? String(contentsOfFile: head, encoding: .utf8)) ?? ""
        for line in headText.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let data = FileManager.default.contents(atPath: content) ?? Data()
        return Reply(status: status, headers: fields, body: data)
    }

    static func get(_ url: String, headers: [String: String] = [:]) throws -> Reply {
        try send("GET", url, headers: headers)
    }

    /// A state-changing request with the header the server requires.
    static func change(_ method: String, _ url: String, body: String? = nil) throws -> Reply {
        try send(method, url, headers: ["X-Soundshelf": "1"], body: body)
    }
}

/// An open `GET /api/events` (curl -N), or another event stream, collecting it as it arrives.
final class EventStream: @unchecked Sendable {
    private let process = Process()
    private let output = StreamedOutput()

    /// The server's `api/events` (`url` is the server's, ending in `/`).
    convenience init(_ url: String) throws {
        try self.init(stream: url + "api/events")
    }

    /// The stream at `stream`, with `headers`.
    init(stream: String, headers: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-N"] + headers.flatMap { ["-H", "\($0.key): \($0.value)"] } + [stream]
        process.standardOutput = output.pipe
        process.standardError = output.errors
        try process.run()
        output.start()
    }

    /// Waits until the stream holds an `event: name` whose data contains `text`; returns that data line.
    func waitForEvent(_ name: String, containing text: String = "", timeout: TimeInterval = 30) -> String? {
        waitForEvent(name, timeout: timeout) { (data: String) in text.isEmpty || data.contains(text) }
    }

    /// Waits until the stream holds an `event: name` whose JSON data satisfies `accept`; returns it.
    func waitForEvent(
        _ name: String, timeout: TimeInterval = 30, where accept: ([String: Any]) -> Bool
    ) -> [String: Any]? {
        var found: [String: Any]?
        _ = waitForEvent(name, timeout: timeout) { data in
            guard let object = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any],
                accept(object)
            else { return false }
            found = object
            return true
        }
        return found
    }

    private func waitForEvent(_ name: String, timeout: TimeInterval, matching: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = output.text.components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line == "event: \(name)" && index + 1 < lines.count {
                let data = lines[index + 1]
                if data.hasPrefix("data: "), matching(String(data.dropFirst(6))) { return String(data.dropFirst(6)) }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Waits for the comment the server sends when the stream opens.
    func waitForComment(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if output.text.contains(": connected") { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    var text: String { output.text }

    func close() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { close() }
}
