import ArgumentParser
import BuildState
import CatalogPublisher
import CommandSupport
import Foundation

/// `catalog push DIR s3://BUCKET[/PREFIX] [--endpoint URL] [--region R] [--dry-run] [--output.json]`.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Upload a published folder to S3-compatible object storage, catalog.json last.",
        discussion: """
            Credentials come from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN; the region from \
            AWS_REGION or AWS_DEFAULT_REGION; a custom endpoint (MinIO, R2, B2, Ceph) from AWS_ENDPOINT_URL_S3 or \
            AWS_ENDPOINT_URL. Only files missing from the store or different from it are uploaded.
            """
    )

    @Argument(help: "The published folder, e.g. dist/.")
    var directory: String

    @Argument(
        help: ArgumentHelp("Where to upload: s3://BUCKET or s3://BUCKET/PREFIX.", valueName: "s3://BUCKET[/PREFIX]"))
    var destination: String

    @Option(
        help: ArgumentHelp(
            "The store's endpoint (path-style addressing), e.g. http://127.0.0.1:9000.", valueName: "URL"))
    var endpoint: String?

    @Option(
        help: ArgumentHelp("The signing region (default: AWS_REGION, AWS_DEFAULT_REGION or us-east-1).", valueName: "R")
    )
    var region: String?

    @Flag(help: "List what would be uploaded; upload nothing.")
    var dryRun = false

    @OptionGroup var cache: CacheOptions

    @OptionGroup var output: OutputOptions

    func run() async throws {
        var options = PushOptions(directory: directory, destination: destination)
        // The last push to this destination, so an unchanged bucket is not listed again.
        options.state = cache.noCache ? nil : BuildStateStore.open(in: ToolEnvironment.buildCacheFolder)
        options.endpoint = endpoint
        options.region = region
        options.dryRun = dryRun
        options.environment = ToolEnvironment.storeVariables
        options.prefersURLSession = ToolEnvironment.prefersURLSession
        let reporter = PushReporter(enabled: !output.json, dryRun: dryRun)
        let result = try await CommandRunner.run { try await CatalogPusher.push(options) { reporter.handle($0) } }
        reporter.finish()
        if output.json {
            try Output.json(result)
            return
        }
        if dryRun {
            Output.line(
                "dry run: \(result.uploaded) to upload (\(ByteFormat.string(result.bytes))), \(result.copied) to copy in the store, \(result.unchanged) unchanged"
            )
        } else {
            Output.line(
                "pushed \(result.uploaded) files (\(ByteFormat.string(result.bytes))), copied \(result.copied) in the store, \(result.unchanged) unchanged"
            )
        }
    }
}
