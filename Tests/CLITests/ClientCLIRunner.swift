import Foundation
import TestSupport

/// Runs the built `client` (see ``ToolRunner``), with the caller's environment minus any
/// `SOUNDSHELF_ROOT` / `SOUNDSHELF_CATALOG` a developer may have set.
enum ClientCLIRunner {
    typealias Result = ToolRunner.Result

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try ToolRunner.run("client", arguments, environment: environment)
    }
}
