import ArgumentParser
import Foundation
import SoundshelfRelay
import SoundshelfServer

/// `soundshelf-relay --port P --key-file F`: listening along over the internet (docs/RELAY.md).
@main
struct RelayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soundshelf-relay",
        abstract: "Relay game masters' soundboards to their players over the internet, until Ctrl-C.",
        discussion: """
            Game masters run `client serve --relay URL --relay-key-file F` with one of the keys of
            --key-file; their players open the listen links the Players panel shows. Sessions live in
            memory only. Put it behind an HTTPS proxy (docs/RELAY.md).
            """)

    @Option(help: "The address to listen on.") var host = "0.0.0.0"
    @Option(help: "The port (0: any free port).") var port = 8430
    @Option(help: ArgumentHelp("The keys game masters present, one a line.", valueName: "F")) var keyFile: String
    @Option(help: "Seconds a session outlives its game master's connection.") var grace = 300
    @Option(help: "MiB of audio kept for players.") var cacheMib = 512

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard grace >= 1 else { throw ValidationError("--grace must be 1 second or more") }
        guard cacheMib >= 1 else { throw ValidationError("--cache-mib must be 1 or more") }
    }

    func run() async throws {
        let keys: RelayKeys
        do { keys = try RelayKeys(file: keyFile) } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let relay = RelayServer(
            host: host, port: port, keys: keys, grace: TimeInterval(grace), cacheBytes: cacheMib << 20)
        try await relay.run { url in
            FileHandle.standardOutput.write(Data("relaying on \(url) (Ctrl-C stops)\n".utf8))
        }
    }
}
