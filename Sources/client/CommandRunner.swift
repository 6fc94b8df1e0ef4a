import ArgumentParser
import CatalogModel
import Foundation
import LibraryClient

/// Runs a command body and turns failures into one readable line on stderr and a non-zero exit.
enum CommandRunner {
    static func run(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as LibraryClientError {
            try fail(error.description)
        } catch let error as Diagnostic {
            try fail(error.description)
        } catch let error as ValidationError {
            throw error
        } catch let error as ExitCode {
            throw error
        } catch {
            try fail("\(error)")
        }
    }

    static func fail(_ message: String) throws -> Never {
        FileHandle.standardError.write(Data("client: error: \(message)\n".utf8))
        throw ExitCode.failure
    }
}
