import CredLanguage
import CredScript
import Expectations
import Foundation
import Testing
@testable import CredServe

/// Issue 49, items 2 and 3: a plain run's formats live in CredScript and `serve` speaks
/// each of them; the access rules are the routers' middleware; CredServe's Core names
/// nothing of CredServe outside itself.
@Suite struct LayeringTests {
    @Test func everyFormatOfAPlainRunHasServesWordsForIt() {
        expectEqual(ServeLogFormats.all.map(\.name), RunFormats.all.map(\.name))
        for format in RunFormats.all { expectEqual(ServeLogFormats.matching(format).name, format.name) }
        let banner = ServeLogFormats.matching(JSONRunFormat()).serveBanner(url: "http://127.0.0.1:1", control: false, token: nil)
        expectEqual(banner, #"{"serving":"http://127.0.0.1:1","control":false}"# + "\n")
    }

    static let token = "0123456789abcdef0123456789abcdef"

    static func request(_ path: String, authorization: String?) -> WireRequest {
        var headers = [("Host", "127.0.0.1:8080")]
        if let authorization { headers.append(("Authorization", authorization)) }
        return WireRequest(method: "GET", path: path, query: "", headers: headers, body: [], clientHost: "127.0.0.1", client: "127.0.0.1:5000")
    }

    let router = Router<String>([
        Route(["GET"], "/open", access: .open, "open"),
        Route(["GET"], "/closed", access: .token, "closed"),
    ])

    /// What the handler answered through the middleware, and whether it ran at all.
    func respond(_ path: String, authorization: String? = nil, rules: ControlAccess?) -> (status: Int?, handled: Bool) {
        var handled = false
        let response = router.respond(to: Self.request(path, authorization: authorization), method: "GET", path: path,
                                      through: AccessMiddleware(rules)) { match, _ in
            handled = true
            guard case .found(let route, _) = match else { return Refusals.plain(404, "Not Found", "") }
            return Refusals.plain(200, "OK", route.handler)
        }
        return (response?.status, handled)
    }

    @Test func theAccessRulesStandInFrontOfEveryRouteBehindTheToken() {
        let rules = ControlAccess(token: Self.token, boundHost: "127.0.0.1", boundPort: 8080)
        #expect(respond("/open", rules: rules) == (200, true))
        #expect(respond("/closed", rules: rules) == (401, false))
        #expect(respond("/closed", authorization: "Bearer \(Self.token)", rules: rules) == (200, true))
        // Without rules (serve without --control) a route behind the token is not served.
        #expect(respond("/closed", authorization: "Bearer \(Self.token)", rules: nil) == (404, false))
        #expect(respond("/elsewhere", rules: rules) == (404, true))
    }

    @Test func theCoreNamesNothingOfCredServeOutsideItself() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let serve = root.appendingPathComponent("Sources/CredServe")
        let files = try FileManager.default.subpathsOfDirectory(atPath: serve.path).filter { $0.hasSuffix(".swift") }
        let core = files.filter { $0.hasPrefix("Core/") }
        #expect(core.count >= 4)
        func text(_ file: String) throws -> String { try String(contentsOf: serve.appendingPathComponent(file), encoding: .utf8) }
        // The types declared outside Core, at the start of a line.
        var outside: Set<String> = []
        for file in files where !file.hasPrefix("Core/") {
            for line in try text(file).split(separator: "\n") where line.first?.isLetter == true {
                let words = line.split { !($0.isLetter || $0.isNumber || $0 == "_") }
                if let index = words.firstIndex(where: { ["struct", "enum", "class", "protocol"].contains($0) }), index + 1 < words.count {
                    outside.insert(String(words[index + 1]))
                }
            }
        }
        #expect(outside.isSuperset(of: ["ServeSession", "ControlAccess", "ServeLimits", "WireRequest", "Refusals"]))
        var uses: [String] = []
        for file in core {
            for line in try text(file).split(separator: "\n") {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                let words = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
                uses += words.intersection(outside).sorted().map { "\(file) names \($0)" }
            }
        }
        expectEqual(uses, [])
    }
}
