import Foundation
import Hummingbird
import LibraryClient
import Logging

/// `client serve`: the soundboard page and the JSON API over one library, on one address.
/// Every handler parses, calls the library (through the same functions as the `client` commands)
/// and encodes with the CLI's encoder. Runs until SIGINT or SIGTERM, then shuts down gracefully.
///
/// ```swift
/// let server = SoundboardServer(library: library, host: "127.0.0.1", port: 8421, page: .builtIn)
/// try await server.run { url in print("serving on \(url)") }
/// ```
package struct SoundboardServer: Sendable {
    package let library: Library
    package let host: String
    package let port: Int
    package let page: SoundboardPage
    /// The catalog location installs read manifests from (nil: the last synced one).
    package let catalog: String?

    package init(library: Library, host: String, port: Int, page: SoundboardPage, catalog: String? = nil) {
        self.library = library
        self.host = host
        self.port = port
        self.page = page
        self.catalog = catalog
    }

    /// Serves until SIGINT or SIGTERM; `onListening` gets the bound URL (`http://HOST:PORT/`) once
    /// the socket listens (with port 0, the port the system chose).
    package func run(onListening: @escaping @Sendable (String) async -> Void) async throws {
        var policy = DownloadPolicy()
        policy.catalogLocation = catalog
        let manager = library.makeDownloadManager(policy: policy)
        let events = ServerEvents(library: library, manager: manager)
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: StateChangeGuard())
        let api = APIContext(library: library, manager: manager)
        PageRoutes(page: page).register(on: router)
        ItemRoutes(api: api).register(on: router)
        CreditsRoutes(api: api).register(on: router)
        PackRoutes(api: api).register(on: router)
        CollectionRoutes(api: api).register(on: router)
        ListeningRoutes(api: api).register(on: router)
        AudioRoutes(api: api).register(on: router)
        EventRoutes(events: events).register(on: router)
        var logger = Logger(label: "soundshelf.serve")
        logger.logLevel = .warning
        let host = self.host
        var app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "soundshelf"),
            onServerRunning: { channel in
                await events.waitUntilObserving()
                let port = channel.localAddress?.port ?? 0
                await onListening("http://\(Self.urlHost(host)):\(port)/")
            },
            logger: logger)
        app.addServices(events)
        try await app.runService()
    }

    /// A host as it appears in a URL (IPv6 addresses in brackets).
    static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}

/// What every API handler needs: the library and the one download manager of this server.
struct APIContext: Sendable {
    let library: Library
    let manager: PackDownloadManager
}
