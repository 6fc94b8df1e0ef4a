import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON
import SoundshelfServer

/// `client serve [--host 127.0.0.1] [--port 8421] [--token T] [--open] [--templates DIR]`: the web soundboard.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the library to a browser: the soundboard page and its JSON API, until Ctrl-C.",
        discussion: """
            Listens on 127.0.0.1 unless --host says otherwise; --port 0 picks a free port. The URL is
            printed once the server listens. Requests that change something need the header X-Soundshelf: 1.
            Off loopback every request needs a token (a random one, or --token), printed in the URL.
            """)

    @Option(help: "The address to listen on (default: loopback only).") var host = "127.0.0.1"
    @Option(help: "The port (0: any free port).") var port = 8421
    @Option(
        help: ArgumentHelp(
            "The token every request must carry (default: a random one off loopback, none on loopback).",
            valueName: "T"))
    var token: String?
    @Flag(help: "Open the page in the default browser once the server listens.") var open = false
    @Option(
        help: ArgumentHelp(
            "A templates folder whose soundboard/ replaces the built-in page (default: $SOUNDSHELF_TEMPLATES).",
            valueName: "DIR"))
    var templates: String?
    @Option(
        help: ArgumentHelp(
            "A relay players listen through from anywhere (http(s)://…; see docs/RELAY.md).", valueName: "URL"))
    var relay: String?
    @Option(help: ArgumentHelp("The file holding the relay's key (with --relay).", valueName: "F"))
    var relayKeyFile: String?
    @OptionGroup var global: GlobalOptions

    struct Listening: Encodable {
        let url: String
        let reach: String
    }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        if let token, let problem = AccessToken.problem(with: token) { throw ValidationError("--token: \(problem)") }
        if (relay == nil) != (relayKeyFile == nil) {
            throw ValidationError(
                "--relay and --relay-key-file go together: the relay's address and the file of its key")
        }
    }

    func run() async throws {
        try await CommandRunner.run {
            let page: SoundboardPage =
                try TemplateOverride.directory(option: templates, holding: "soundboard/index.html").map {
                    .folder(URL(fileURLWithPath: $0).appendingPathComponent(SoundboardPage.folderName))
                } ?? .builtIn
            let relay = try relay.map { try RelayConfiguration(url: $0, keyFile: relayKeyFile ?? "") }
            let library = try await global.openSyncedLibrary()
            let server = SoundboardServer(
                library: library, host: host, port: port, page: page, catalog: global.catalogLocation, token: token,
                relay: relay)
            let json = global.json
            let open = self.open
            let reach = server.access.reach
            try await server.run { url in
                if json {
                    try? JSONOutput.print(Listening(url: url, reach: reach))
                } else {
                    Output.line("serving \(library.paths.root.path) on \(url) (Ctrl-C stops)")
                    Output.line(reach)
                    if let relay { Output.line("players listen through the relay at \(relay.base)") }
                }
                if open { Browser.open(url) }
            }
        }
    }
}

/// Opens a URL in the default browser (`open` on macOS, `xdg-open` elsewhere); a failure is a warning.
enum Browser {
    static func open(_ url: String) {
        #if os(macOS)
            let tool = "/usr/bin/open"
        #else
            let tool = "/usr/bin/env"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        #if os(macOS)
            process.arguments = [url]
        #else
            process.arguments = ["xdg-open", url]
        #endif
        do { try process.run() } catch {
            Output.error("warning: could not open a browser (\(error.localizedDescription)); open \(url) yourself")
        }
    }
}
