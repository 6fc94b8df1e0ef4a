import Foundation
import Testing

@testable import ObjectStore

/// Where credentials, region and endpoint come from, and how `s3://` locations and S3's XML
/// answers are read.
@Suite struct ObjectStoreConfigurationTests {
    static let keys = ["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "SECRET"]

    @Test func theEndpointOptionWinsOverBothVariablesAndTheS3VariableOverTheGeneralOne() throws {
        var environment = Self.keys
        environment["AWS_ENDPOINT_URL"] = "http://general.example:1"
        environment["AWS_ENDPOINT_URL_S3"] = "http://s3only.example:2"
        let fromVariables = try ObjectStoreConfiguration(environment: environment, endpoint: nil, region: nil)
        #expect(fromVariables.endpoint?.absoluteString == "http://s3only.example:2")
        environment["AWS_ENDPOINT_URL_S3"] = nil
        #expect(
            try ObjectStoreConfiguration(environment: environment, endpoint: nil, region: nil).endpoint?.host
                == "general.example")
        let option = try ObjectStoreConfiguration(
            environment: environment, endpoint: "http://127.0.0.1:9000", region: nil)
        #expect(option.endpoint?.absoluteString == "http://127.0.0.1:9000")
        #expect(try ObjectStoreConfiguration(environment: Self.keys, endpoint: nil, region: nil).endpoint == nil)
    }

    @Test func theRegionOptionWinsThenAwsRegionThenTheDefaultRegion() throws {
        var environment = Self.keys
        #expect(
            try ObjectStoreConfiguration(environment: environment, endpoint: nil, region: nil).region == "us-east-1")
        environment["AWS_DEFAULT_REGION"] = "eu-west-1"
        #expect(
            try ObjectStoreConfiguration(environment: environment, endpoint: nil, region: nil).region == "eu-west-1")
        environment["AWS_REGION"] = "eu-central-1"
        #expect(
            try ObjectStoreConfiguration(environment: environment, endpoint: nil, region: nil).region == "eu-central-1")
        #expect(try ObjectStoreConfiguration(environment: environment, endpoint: nil, region: "auto").region == "auto")
    }

    @Test func credentialsAreRequiredAndASessionTokenIsSignedWhenPresent() throws {
        #expect(throws: ObjectStoreError.missingCredentials) {
            try ObjectStoreConfiguration(environment: ["AWS_ACCESS_KEY_ID": "AKID"], endpoint: nil, region: nil)
        }
        var environment = Self.keys
        environment["AWS_SESSION_TOKEN"] = "TOKEN"
        let configuration = try ObjectStoreConfiguration(environment: environment, endpoint: nil, region: "eu-west-2")
        let signer = SigV4Signer(credentials: configuration.credentials, region: configuration.region)
        let headers = signer.sign(
            SigV4Request(method: "GET", host: "b.s3.eu-west-2.amazonaws.com", path: "/k"),
            payloadHash: SigV4Signer.emptyPayloadHash, date: Date(timeIntervalSince1970: 0))
        let authorization = try #require(headers.first { $0.name == "Authorization" }?.value)
        #expect(
            authorization.hasPrefix(
                "AWS4-HMAC-SHA256 Credential=AKID/19700101/eu-west-2/s3/aws4_request, "
                    + "SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature="))
        #expect(headers.contains { $0.name == "X-Amz-Security-Token" && $0.value == "TOKEN" })
    }

    @Test func endpointsMustBeHTTPURLs() {
        #expect(throws: ObjectStoreError.invalidEndpoint("ftp://x")) {
            try ObjectStoreConfiguration(environment: Self.keys, endpoint: "ftp://x", region: nil)
        }
    }

    @Test(arguments: [
        ("s3://media", "media", ""), ("s3://media/", "media", ""), ("s3://media/catalog", "media", "catalog/"),
        ("s3://media/a/b/", "media", "a/b/"), ("s3://my.bucket-1//x//y", "my.bucket-1", "x/y/"),
    ])
    func locationsSplitIntoBucketAndPrefix(text: String, bucket: String, prefix: String) throws {
        let location = try BucketLocation(parsing: text)
        #expect(location.bucket == bucket && location.prefix == prefix)
    }

    @Test(arguments: ["https://media/x", "s3://", "s3://UPPER", "s3://ab", "media/x"])
    func otherLocationsAreRefused(text: String) {
        #expect(throws: ObjectStoreError.invalidLocation(text)) { try BucketLocation(parsing: text) }
    }

    @Test func xmlAnswersAreReadWithEntitiesDecoded() {
        let listing = """
            <ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>a&amp;b &lt;1&gt;&#38;.json</Key><Size>12</Size></Contents>\
            <Contents><Key>c</Key><Size>3</Size></Contents><NextContinuationToken>t/+=</NextContinuationToken></ListBucketResult>
            """
        let keys = XMLFields.blocks("Contents", in: listing).compactMap { XMLFields.first("Key", in: $0) }
        #expect(keys == ["a&b <1>&.json", "c"])
        #expect(XMLFields.first("NextContinuationToken", in: listing) == "t/+=")
        #expect(XMLFields.first("Code", in: "<Error><Code>SlowDown</Code></Error>") == "SlowDown")
    }

    @Test func storeErrorsNameTheBucketTheKeyAndTheStoresCode() {
        let error = ObjectStoreError.requestFailed(
            operation: "PutObject", bucket: "media", key: "demo/catalog.json",
            status: 403, code: "AccessDenied", message: "Access Denied")
        #expect(
            error.description.contains("'demo/catalog.json' in bucket 'media'")
                && error.description.contains("AccessDenied"))
    }
}
