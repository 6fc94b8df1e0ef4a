import Foundation
import Hummingbird
import LibraryClient
import LibraryJSON

/// Turns every failure into `{"error": "…"}` with a 4xx/5xx status: bad input 400, unknown ids 404,
/// a refused request 403, conflicts 409, a body over the limit 413, anything else 500.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return JSONResponse.error(error.message, status: error.status)
        } catch let error as HTTPError {
            let message = error.body ?? error.status.reasonPhrase.lowercased()
            return JSONResponse.error(message, status: error.status)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return JSONResponse.error(APIError.bodyTooLarge.message, status: .contentTooLarge)
        } catch {
            let status = APIError.status(for: error)
            return JSONResponse.error(String(describing: error), status: status)
        }
    }
}

/// A request the API refuses, with its status and one sentence.
struct APIError: Error {
    let status: HTTPResponse.Status
    let message: String

    static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, message: message) }
    static func notFound(_ message: String) -> APIError { APIError(status: .notFound, message: message) }
    static let bodyTooLarge = APIError(
        status: .contentTooLarge,
        message: "the request body is larger than this server accepts (at most \(Request.bodyLimit >> 20) MiB)")

    /// The status of a library error: what the caller got wrong, what does not exist, or a failure.
    static func status(for error: any Error) -> HTTPResponse.Status {
        switch error {
        case is LibraryQueryError, is PagingError, is DecodingError: return .badRequest
        case let error as LibraryClientError:
            switch error {
            case .itemNotFound, .packNotFound, .musicEntryNotFound: return .notFound
            case .unknownTag, .unknownTagID, .emptySearch, .invalidLocation, .noCatalogLocation: return .badRequest
            default: return .internalServerError
            }
        case let error as CollectionsError:
            switch error {
            case .itemNotFound, .sceneNotFound: return .notFound
            case .duplicateTitle, .itemAlreadyInScene: return .conflict
            default: return .badRequest
            }
        case let error as ListeningError:
            if case .unknownTarget = error { return .notFound }
            return .badRequest
        case let error as PackInstallError:
            if case .busy = error { return .conflict }
            if case .diskFull = error { return HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage") }
            return .badGateway
        default: return .internalServerError
        }
    }
}

/// JSON bodies through the CLI's encoder.
enum JSONResponse {
    static func make<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        body(try LibraryJSON.encode(value), status: status)
    }

    static func error(_ message: String, status: HTTPResponse.Status) -> Response {
        let data = (try? LibraryJSON.encode(["error": message])) ?? Data("{\"error\": \"failed\"}\n".utf8)
        return body(data, status: status)
    }

    static func body(_ data: Data, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
