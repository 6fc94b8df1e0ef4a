import Foundation
import Hummingbird
import LibraryClient
import Logging

/// `client serve`: the soundboard page and the JSON API over one library, on one address.
/// Every handler parses, calls the library (through the same functions as the `client` commands)
/// and encodes with the CLI's encoder. Runs until SIGINT or SIGTERM, then shuts down gracefully.
/// Answers only requests whose `Host` names it, and off loopback only those carrying its token
/// (`Access/`).
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
    /// The token requests must carry (off loopback, or when given), and who can reach the server.
    package let access: ServerAccess
    /// The players listening along: their tokens (gone when the server stops) and what plays now.
    let listeners = ListenerHub()
    /// The relay players listen through (`--relay`), or nil: they reach this server on its address.
    package let relay: RelayConfiguration?

    /// `token`: the one to ask for; nil asks for none on loopback and makes a random one elsewhere.
    package init(
        library: Library, host: String, port: Int, page: SoundboardPage, catalog: String? = nil, token: String? = nil,
        relay: RelayConfiguration? = nil
    ) {
        self.relay = relay
        self.library = library
        self.host = host
        self.port = port
        self.page = page
        self.catalog = catalog
        self.access = ServerAccess(host: host, token: token)
    }

    /// Serves until SIGINT or SIGTERM; `onListening` gets the bound URL (`http://HOST:PORT/`, with
    /// `?token=…` when a token is asked for) once the socket listens (with port 0, the port the
    /// system chose).
    package func run(onListening: @escaping @Sendable (String) async -> Void) async throws {
        try await buildApplication(onListening: onListening).runService()
    }

    /// The server as an application, not yet listening: its router (middleware and routes), its
    /// event service, and its address. Tests drive it in-process with HummingbirdTesting.
    package func buildApplication(
        onListening: @escaping @Sendable (String) async -> Void = { _ in }
    ) -> Application<RouterResponder<BasicRequestContext>> {
        var policy = DownloadPolicy()
        policy.catalogLocation = catalog
        let manager = library.makeDownloadManager(policy: policy)
        let events = ServerEvents(library: library, manager: manager, listeners: listeners)
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        let hosts = AllowedHosts(host: host, port: port)
        addAccessGuards(to: router, hosts: hosts)
        router.add(middleware: StateChangeGuard())
        let api = APIContext(
            library: library, manager: manager, answers: LibraryAnswerCache(commits: library.makeCommitCounter()))
        PageRoutes(page: page).register(on: router)
        ItemRoutes(api: api).register(on: router)
        CreditsRoutes(api: api).register(on: router)
        PackRoutes(api: api).register(on: router)
        CollectionRoutes(api: api).register(on: router)
        PlayRoutes(api: api).register(on: router)
        AudioRoutes(api: api).register(on: router)
        let link = relay.map { RelayLink(configuration: $0, hub: listeners, library: library) }
        ListenerRoutes(hub: listeners, page: page, access: access, hosts: hosts, relay: link).register(on: router)
        EventRoutes(events: events).register(on: router)
        var logger = Logger(label: "soundshelf.serve")
        logger.logLevel = .warning
        let host = self.host
        let access = self.access
        var app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "soundshelf"),
            onServerRunning: { channel in
                await events.waitUntilObserving()
                let port = channel.localAddress?.port ?? 0
                hosts.listening(on: port)
                await onListening(access.url(port: port))
            },
            logger: logger)
        app.addServices(events)
        if let link { app.addServices(link) }
        return app
    }

    /// The Host check, then the token check when a token is asked for (before the X-Soundshelf rule).
    /// Then the listener rule (a listen token reaches only the listen page, the clock and the audio).
    private func addAccessGuards(to router: Router<BasicRequestContext>, hosts: AllowedHosts) {
        router.add(middleware: HostGuard(hosts: hosts))
        router.add(middleware: ListenerGuard(hub: listeners, hosts: hosts))
        if let token = access.token {
            router.add(middleware: TokenGuard(token: token, hosts: hosts, listeners: listeners))
        }
    }
}

/// What every API handler needs: the library, the one download manager of this server, and the
/// answers read from the library lately.
struct APIContext: Sendable {
    let library: Library
    let manager: PackDownloadManager
    let answers: LibraryAnswerCache
}
