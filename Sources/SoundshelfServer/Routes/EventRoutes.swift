import Hummingbird
import ServiceLifecycle

/// `GET /api/events`: Server-Sent Events (`text/event-stream`) until the client goes away or the
/// server shuts down.
struct EventRoutes {
    let events: ServerEvents

    func register(on router: Router<BasicRequestContext>) {
        let events = self.events
        router.get("/api/events") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream; charset=utf-8"
            headers[.cacheControl] = "no-store"
            let stream = events.subscribe()
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    for await event in stream.cancelOnGracefulShutdown() {
                        try await writer.write(ByteBuffer(string: event.text))
                    }
                    try await writer.finish(nil)
                })
        }
    }
}
