/// A ``Diagnostic`` as the build state keeps it: with its severity (the JSON form `packer validate
/// --json` prints leaves it out, since that output lists errors and warnings apart).
///
/// ```swift
/// let kept = KeptDiagnostic(warning)
/// kept.diagnostic == warning   // true, also after a trip through JSON
/// ```
package struct KeptDiagnostic: Codable, Sendable, Equatable {
    var severity: Diagnostic.Severity
    package var file: String
    var line: Int?
    var column: Int?
    var path: String?
    var message: String

    package init(_ diagnostic: Diagnostic) {
        severity = diagnostic.severity
        file = diagnostic.file
        line = diagnostic.line
        column = diagnostic.column
        path = diagnostic.path
        message = diagnostic.message
    }

    package var diagnostic: Diagnostic {
        Diagnostic(severity, message, file: file, line: line, column: column, path: path)
    }
}
