import Foundation
import Hummingbird

/// `GET /` (index.html) and `GET /{file}` (the page's CSS, JavaScript and images).
package struct PageRoutes {
    let page: SoundboardPage

    func register(on router: Router<BasicRequestContext>) {
        let page = self.page
        router.get("/") { _, _ in try Self.respond(page, "index.html") }
        router.get("/{file}") { _, context in try Self.respond(page, try context.parameter("file")) }
    }

    package static func respond(_ page: SoundboardPage, _ name: String) throws -> Response {
        guard let file = page.file(name) else { throw APIError.notFound("no page file '\(name)'") }
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        headers[.cacheControl] = "no-cache"
        headers[.contentSecurityPolicy] =
            "default-src 'self'; media-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'"
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.data)))
    }
}
