/// The nginx configuration of a ``NginxServer``: one process, loopback only, every file it
/// writes (pid, logs, temp folders) inside its own temp folder, so it runs as any user.
enum NginxConfig {
    /// MIME types for the files a published catalog holds.
    static let types = """
        text/html html htm; text/css css; text/plain txt sig; application/json json;
        application/x-tar tar; audio/mp4 m4a aac; audio/mpeg mp3; audio/ogg ogg oga opus;
        audio/flac flac; audio/wav wav; audio/aiff aif aiff; image/png png; image/jpeg jpg jpeg;
        """

    /// Every request is logged to `access.log` (see ``NginxServer/accessLog()``).
    static func text(
        root: String, port: UInt16, workDirectory: String, rateLimit: String? = nil, http: String = "",
        locations: String = "location / { }"
    ) -> String {
        func inWork(_ name: String) -> String { quoted(workDirectory + "/" + name) }
        return """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(inWork("nginx.pid"));
            error_log \(inWork("error.log")) warn;
            events { worker_connections 64; }
            http {
                log_format soundshelf '$request_method $uri $status $body_bytes_sent "$http_range"';
                access_log \(inWork("access.log")) soundshelf;
                \(rateLimit.map { "limit_rate \($0);" } ?? "")
                sendfile on;
                default_type application/octet-stream;
                types { \(types) }
                client_body_temp_path \(inWork("client_body"));
                proxy_temp_path \(inWork("proxy"));
                fastcgi_temp_path \(inWork("fastcgi"));
                uwsgi_temp_path \(inWork("uwsgi"));
                scgi_temp_path \(inWork("scgi"));
                \(http)
                server {
                    listen 127.0.0.1:\(port);
                    server_name localhost;
                    root \(quoted(root));
                    index index.html;
                    \(locations)
                }
            }

            """
    }

    /// A double-quoted nginx string with `\` and `"` escaped.
    static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
