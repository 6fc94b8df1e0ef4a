import Hummingbird

/// `GET /api/events`: Server-Sent Events (`text/event-stream`) until the client goes away or the
/// server shuts down.
struct EventRoutes {
    let events: ServerEvents

    func register(on router: Router<BasicRequestContext>) {
        let events = self.events
        router.get("/api/events") { _, _ in ServerEvent.response(events.subscribe()) }
    }
}
