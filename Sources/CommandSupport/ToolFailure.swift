import ArgumentParser
import Foundation
import CatalogModel

/// Runs a command body; any error is printed as one sentence on stderr (no stack trace)
/// and the process exits non-zero.
///
/// ```swift
/// func run() throws { try ToolFailure.report { try Publisher.publish(...) } }
/// ```
public enum ToolFailure {
    public static func report<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let exit as ExitCode {
            throw exit
        } catch let error as ValidationError {
            throw error
        } catch {
            Output.error(message(for: error))
            throw ExitCode(1)
        }
    }

    public static func report<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch let error as ValidationError {
            throw error
        } catch {
            Output.error(message(for: error))
            throw ExitCode(1)
        }
    }

    /// The user-facing sentence for an error: its `description` when it has one.
    public static func message(for error: any Error) -> String {
        let text = error is CocoaError ? error.localizedDescription : String(describing: error)
        return text.hasPrefix("error:") ? text : "error: \(text)"
    }
}
