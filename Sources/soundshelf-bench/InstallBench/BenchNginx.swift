import Foundation

/// nginx serving a folder on 127.0.0.1 for the install benchmark: a temp config (pid, logs and
/// temp folders inside `work`), foreground, stopped with SIGTERM. The same few lines as the
/// tests' NginxServer, which the bench cannot depend on.
final class BenchNginx {
    let baseURL: String
    private let process: Process

    /// `jsonSuffix`: a request for `/a/b` is also answered from `a/b.json` (the music bench's fake
    /// web APIs, whose paths are both resources and folders).
    /// `accessLog`: one line per request in `work/access.log`, `status body-bytes`.
    init(
        root: String, work: URL, executable: String = "/usr/sbin/nginx", jsonSuffix: Bool = false,
        accessLog: Bool = false
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchFailure(
                message: "nginx not found at \(executable); run scripts/bootstrap (Debian package nginx-light)")
        }
        for _ in 0..<5 {
            let port = Int.random(in: 20_000..<60_000)
            let config = work.appendingPathComponent("nginx.conf")
            try Self.config(root: root, port: port, work: work.path, jsonSuffix: jsonSuffix, accessLog: accessLog)
                .write(
                    to: config, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = [
                "-p", work.path + "/", "-c", config.path, "-e", work.appendingPathComponent("error.log").path,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let url = "http://127.0.0.1:\(port)/"
            for _ in 0..<50 where process.isRunning {
                if (try? BenchProcess.run("/usr/bin/curl", ["-sf", "-o", "/dev/null", url + "catalog.json"]).status)
                    == 0
                {
                    self.process = process
                    self.baseURL = url
                    return
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
        throw BenchFailure(message: "nginx did not start; see \(work.path)/error.log")
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        // Started from a Swift concurrency thread, nginx inherits a mask that blocks SIGTERM.
        for _ in 0..<20 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private static func config(root: String, port: Int, work: String, jsonSuffix: Bool, accessLog: Bool) -> String {
        """
        daemon off; master_process off; worker_processes 1;
        pid "\(work)/nginx.pid"; error_log "\(work)/error.log" warn;
        events { worker_connections 64; }
        http {
            \(accessLog ? "log_format counts '$status $body_bytes_sent'; access_log \"\(work)/access.log\" counts;" : "access_log off;") sendfile on; default_type application/octet-stream;
            client_body_temp_path "\(work)/cb"; proxy_temp_path "\(work)/px"; fastcgi_temp_path "\(work)/fc";
            uwsgi_temp_path "\(work)/uw"; scgi_temp_path "\(work)/sc";
            server { listen 127.0.0.1:\(port); root "\(root)"; location / { \(jsonSuffix ? "try_files $uri.json $uri =404;" : "") } }
        }

        """
    }
}
