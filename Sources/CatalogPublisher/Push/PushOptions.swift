import BuildState
import Foundation
import ObjectStore

/// How `catalog push` runs.
///
/// ```swift
/// var options = PushOptions(directory: "dist", destination: "s3://media/catalog")
/// options.endpoint = "http://127.0.0.1:9000"
/// options.environment = ["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret"]
/// options.dryRun = true
/// ```
package struct PushOptions: Sendable {
    /// The published folder (`dist/`).
    package var directory: String
    /// `s3://BUCKET[/PREFIX]`
    package var destination: String
    /// Overrides `AWS_ENDPOINT_URL_S3` / `AWS_ENDPOINT_URL`.
    package var endpoint: String?
    /// Overrides `AWS_REGION` / `AWS_DEFAULT_REGION`.
    package var region: String?
    /// List what would be uploaded; upload nothing.
    package var dryRun = false
    /// The AWS variables credentials, region and endpoint come from (``ObjectStoreConfiguration``);
    /// the tool passes those of its environment. Empty by default: no credentials.
    package var environment: [String: String] = [:]
    /// On Linux, talk to the store over URLSession instead of libcurl (to compare the two).
    package var prefersURLSession = false
    package var retry = RetryPolicy()
    package var multipart = MultipartPolicy()
    /// Files uploading at once (each multipart upload still runs one at a time).
    package var concurrency = 4
    /// Copy objects the bucket already holds under another key server-side instead of uploading
    /// them (off only to measure what copies save).
    package var copies = true
    /// Where what each destination holds is recorded (``PushRecord``, ``PushedObject``): with it, a
    /// push whose bucket still holds the catalog.json stored last does not list the bucket. Nil
    /// lists every time (the push then keeps its work in a temporary store).
    package var state: BuildStateStore?

    package init(directory: String, destination: String) {
        self.directory = directory
        self.destination = destination
    }
}

/// What a push did (or, with `dryRun`, would do); `catalog push --json` prints the counts.
package struct PushResult: Sendable, Codable, Equatable {
    /// Files whose bytes were sent.
    package var uploaded: Int
    package var unchanged: Int
    /// Bytes uploaded (or to upload); copies send none.
    package var bytes: Int64
    /// Files copied server-side from another key holding the same bytes (or to copy).
    package var copied: Int = 0
    enum CodingKeys: String, CodingKey { case uploaded, unchanged, bytes, copied }
}

/// Progress of a push, for a progress bar or log lines.
package enum PushEvent: Sendable {
    /// So many files of the folder were compared with what the store holds (after each batch).
    case compared(files: Int)
    /// The comparison is done: this many files and bytes will go up.
    case planned(files: Int, bytes: Int64)
    /// More bytes were sent.
    case sent(bytes: Int64)
    /// One object is stored.
    case uploaded(key: String, bytes: Int64)
    /// One object was copied server-side from `from`, which holds the same bytes.
    case copied(key: String, from: String)
    /// The store refused a copy; this and the remaining files are uploaded instead.
    case copyRefused(key: String, reason: String)
    /// With `dryRun`: this key would be copied server-side from `from` (sent before the uploads).
    case wouldCopy(key: String, from: String)
    /// With `dryRun`: this key would be uploaded.
    case wouldUpload(key: String)
}
