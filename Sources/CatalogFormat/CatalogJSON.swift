import Foundation

/// Reading and writing the published JSON documents. Writing is deterministic (sorted keys,
/// no timestamps added), so the same value always gives the same bytes. Decoding failures
/// become a ``Diagnostic`` with the JSON path of the offending field.
///
/// ```swift
/// let bytes = try CatalogJSON.encode(manifest)
/// let back = try CatalogJSON.decode(Manifest.self, from: bytes, file: "manifest.json")
/// ```
public enum CatalogJSON {
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }

    /// Decodes `T`, or throws a ``Diagnostic`` naming `file` and the JSON path of the problem.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(Diagnostic) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw diagnostic(for: error, file: file)
        } catch {
            throw Diagnostic(.error, "not valid JSON: \(error.localizedDescription)", file: file, path: "$")
        }
    }

    static func diagnostic(for error: DecodingError, file: String) -> Diagnostic {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce("$") { result, key in
                if let index = key.intValue { return result + "[\(index)]" }
                return result + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = path(context.codingPath + [key])
            return Diagnostic(.error, "missing required key '\(key.stringValue)'", file: file, path: at)
        case .typeMismatch(let type, let context):
            return Diagnostic(
                .error, "expected \(describe(type)): \(context.debugDescription)",
                file: file, path: path(context.codingPath))
        case .valueNotFound(let type, let context):
            return Diagnostic(
                .error, "expected \(describe(type)) but found null", file: file, path: path(context.codingPath))
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            let detail = underlying ?? context.debugDescription
            let message = context.codingPath.isEmpty ? "not valid JSON: \(detail)" : "invalid value: \(detail)"
            return Diagnostic(.error, message, file: file, path: path(context.codingPath))
        @unknown default:
            return Diagnostic(.error, "could not be decoded: \(error)", file: file, path: "$")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
