import Foundation
import Testing

@testable import ObjectStore

/// The AWS Signature Version 4 test suite (aws-sig-v4-test-suite): credentials AKIDEXAMPLE,
/// region us-east-1, service "service", signed at 20150830T123600Z. Each case's expected
/// Authorization header comes from the suite, not from this signer.
@Suite struct SigV4SuiteTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        var name: String
        var method = "GET"
        var path = "/"
        var query: [(name: String, value: String)] = []
        var headers: [(name: String, value: String)] = []
        var body = ""
        var sessionToken: String?
        var signedHeaders = "host;x-amz-date"
        var signature: String
        var testDescription: String { name }
    }

    static let vectors: [Vector] = [
        Vector(name: "get-vanilla", signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(
            name: "get-vanilla-query", signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(
            name: "get-vanilla-empty-query-key", query: [("Param1", "value1")],
            signature: "a67d582fa61cc504c4bae71f336f98b97f1ea3c7a6bfe1b6e45aec72011b9aeb"),
        Vector(
            name: "get-vanilla-query-order-key-case", query: [("Param2", "value2"), ("Param1", "value1")],
            signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        Vector(
            name: "get-vanilla-query-unreserved",
            query: [
                (
                    "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                    "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                )
            ],
            signature: "9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197"),
        Vector(
            name: "get-vanilla-utf8-query", query: [("ሴ", "bar")],
            signature: "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"),
        Vector(
            name: "get-unreserved", path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
            signature: "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"),
        Vector(
            name: "get-utf8", path: "/ሴ", signature: "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"),
        Vector(
            name: "get-header-key-duplicate",
            headers: [("My-Header1", "value2"), ("My-Header1", "value2"), ("My-Header1", "value1")],
            signedHeaders: "host;my-header1;x-amz-date",
            signature: "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea"),
        Vector(
            name: "get-header-value-order",
            headers: [
                ("My-Header1", "value4"), ("My-Header1", "value1"), ("My-Header1", "value3"), ("My-Header1", "value2"),
            ],
            signedHeaders: "host;my-header1;x-amz-date",
            signature: "08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01"),
        Vector(
            name: "get-header-value-trim", headers: [("My-Header1", " value1"), ("My-Header2", " \"a   b   c\"")],
            signedHeaders: "host;my-header1;my-header2;x-amz-date",
            signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"),
        Vector(
            name: "normalize-path/get-relative", path: "/example/..",
            signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(
            name: "normalize-path/get-relative-relative", path: "/example1/example2/../..",
            signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(
            name: "normalize-path/get-slash", path: "//",
            signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(
            name: "normalize-path/get-slash-dot-slash", path: "/./",
            signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(
            name: "normalize-path/get-slash-pointless-dot", path: "/./example",
            signature: "ef75d96142cf21edca26f06005da7988e4f8dc83a165a80865db7089db637ec5"),
        Vector(
            name: "normalize-path/get-slashes", path: "//example//",
            signature: "9a624bd73a37c9a373b5312afbebe7a714a789de108f0bdfe846570885f57e84"),
        Vector(
            name: "normalize-path/get-space", path: "/example space/",
            signature: "652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741"),
        Vector(
            name: "post-vanilla", method: "POST",
            signature: "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"),
        Vector(
            name: "post-header-key-case", method: "POST",
            signature: "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"),
        Vector(
            name: "post-header-key-sort", method: "POST", headers: [("My-Header1", "value1")],
            signedHeaders: "host;my-header1;x-amz-date",
            signature: "c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c"),
        Vector(
            name: "post-header-value-case", method: "POST", headers: [("My-Header1", "VALUE1")],
            signedHeaders: "host;my-header1;x-amz-date",
            signature: "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d"),
        Vector(
            name: "post-vanilla-query", method: "POST", query: [("Param1", "value1")],
            signature: "28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11"),
        Vector(
            name: "post-x-www-form-urlencoded", method: "POST",
            headers: [("Content-Type", "application/x-www-form-urlencoded")], body: "Param1=value1",
            signedHeaders: "content-type;host;x-amz-date",
            signature: "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"),
        Vector(
            name: "post-x-www-form-urlencoded-parameters", method: "POST",
            headers: [("Content-Type", "application/x-www-form-urlencoded; charset=utf8")], body: "Param1=value1",
            signedHeaders: "content-type;host;x-amz-date",
            signature: "1a72ec8f64bd914b0e42e42607c7fbce7fb2c7465f63e3092b3b0d39fa77a6fe"),
        Vector(
            name: "post-sts-token/post-sts-header-before", method: "POST",
            sessionToken:
                "AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA==",
            signedHeaders: "host;x-amz-date;x-amz-security-token",
            signature: "85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead"),
    ]

    static let date = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z

    @Test("signs every suite request exactly as the suite expects", arguments: vectors)
    func suite(_ vector: Vector) {
        let credentials = ObjectStoreCredentials(
            accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
            sessionToken: vector.sessionToken)
        let signer = SigV4Signer(credentials: credentials, region: "us-east-1", service: "service")
        let request = SigV4Request(
            method: vector.method, host: "example.amazonaws.com", path: vector.path,
            query: vector.query, headers: vector.headers)
        let payload = SigV4Signer.hex(SHA256Hex.digest(Data(vector.body.utf8)))
        let headers = signer.sign(request, payloadHash: payload, date: Self.date)
        let authorization = headers.first { $0.name == "Authorization" }?.value
        #expect(
            authorization == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
                + "SignedHeaders=\(vector.signedHeaders), Signature=\(vector.signature)")
        #expect(headers.contains { $0.name == "X-Amz-Date" && $0.value == "20150830T123600Z" })
    }

    @Test("the canonical request of get-vanilla-query-order-key-case sorts the query by name")
    func canonicalQueryOrder() {
        let signer = SigV4Signer(
            credentials: ObjectStoreCredentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "x"),
            region: "us-east-1", service: "service")
        let request = SigV4Request(
            method: "GET", host: "example.amazonaws.com", path: "/",
            query: [("Param2", "value2"), ("Param1", "value1")])
        let canonical = signer.canonicalRequest(
            request, headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")],
            payloadHash: SigV4Signer.emptyPayloadHash)
        #expect(
            canonical.text
                == "GET\n/\nParam1=value1&Param2=value2\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
                + "host;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("S3 signs the path as sent: encoded once, dot segments and double slashes kept")
    func s3PathIsNotNormalized() {
        let signer = SigV4Signer(
            credentials: ObjectStoreCredentials(accessKeyID: "a", secretAccessKey: "b"), region: "us-east-1")
        #expect(signer.canonicalURI("/bucket/a b/ሴ") == "/bucket/a%20b/%E1%88%B4")
        #expect(signer.canonicalURI("/bucket/x/../y//z") == "/bucket/x/../y//z")
        #expect(signer.canonicalURI("/bucket/a%2Bb") == "/bucket/a%2Bb")
    }
}
