import CredSimulator
import Foundation
import Testing
import Expectations
@testable import CredServe

/// Issue 36, item 3: one router (method and path to a handler) for every server, and the
/// API description written from the same table.
@Suite struct RouterTests {
    enum Target: Sendable, Equatable { case a, b, events, other }

    let router = Router<Target>([
        Route(["POST"], "/x/run", access: .token, .a),
        Route(["GET", "HEAD"], "/x/state", access: .token, .b),
        Route(["GET"], "/sdk/{name}/events", access: .open, .events),
        Route([], "/x/*", access: .token, .other),
    ])

    private func found(_ method: String, _ path: String) -> (Target, [String: String])? {
        if case .found(let route, let parameters) = router.match(method: method, path: path) { return (route.handler, parameters) }
        return nil
    }

    @Test func methodAndPathPickTheRoute() {
        expectEqual(found("POST", "/x/run")?.0, .a)
        expectEqual(found("HEAD", "/x/state")?.0, .b)
        expectEqual(found("GET", "/x/anything/deeper")?.0, .other)
        expectEqual(found("GET", "/x/")?.0, .other)
        expectEqual(found("GET", "/sdk/relid/events")?.1, ["name": "relid"])
    }

    @Test func aPrefixIsNotAPath() {
        // No prefix matching: /x/runs and /x/run/more are not /x/run, /sdk//events names no SDK.
        expectEqual(found("POST", "/x/runs")?.0, .other)
        expectEqual(found("POST", "/x/run/more")?.0, .other)
        if case .notFound = router.match(method: "GET", path: "/sdk//events") {} else { Issue.record("an empty segment named an SDK") }
        if case .notFound = router.match(method: "GET", path: "/sdk/relid/events/x") {} else { Issue.record("a longer path matched") }
        if case .notFound = router.match(method: "GET", path: "/xx/run") {} else { Issue.record("/xx matched /x") }
    }

    /// A path's segments, read in one pass: every `/` starts one, empty ones included.
    @Test func aPathSplitsAtEverySlash() {
        let cases: [(String, [String]?)] = [("/", [""]), ("/a", ["a"]), ("/a/", ["a", ""]), ("//", ["", ""]), ("/sdk/relid/events", ["sdk", "relid", "events"]),
                                            ("/日本/ü", ["日本", "ü"]), ("a/b", nil), ("", nil)]
        for (path, parts) in cases {
            expectEqual(PathPattern.segments(of: path)?.map { String(Substring($0)) }, parts, "\(path)")
        }
    }

    @Test func aRoutedPathAskedWithAnotherMethodIs405NotTheCatchAll() {
        guard case .wrongMethod(let allowed, let access, _) = router.match(method: "GET", path: "/x/run") else {
            Issue.record("GET /x/run was not refused as a wrong method")
            return
        }
        expectEqual(allowed, ["POST"])
        expectEqual(access, .token)
        if case .wrongMethod(let allowed, _, _) = router.match(method: "DELETE", path: "/x/state") {
            expectEqual(allowed, ["GET", "HEAD"])
        } else {
            Issue.record("DELETE /x/state was not refused as a wrong method")
        }
    }

    @Test func theDocumentDescribesWhatIsRoutedAndEachRefusalOnce() throws {
        let text = OpenAPIDocument.document(served: Simulation.servedType, limits: ServeLimits())
        let document = try JSONValue.parse(text)
        guard case .object(let paths)? = document["paths"] else { Issue.record("no paths"); return }
        let router = ServeRoutes.router(control: true, served: Simulation.servedType)
        let described = Set(router.routes.filter { $0.operation != nil }.map(\.pattern.text))
        expectEqual(Set(paths.map(\.0)), described)
        // The HTTP layer's limits are written from ServeLimits, not typed out per path.
        var limits = ServeLimits()
        limits.bodyBytes = 8 * 1024
        let smaller = OpenAPIDocument.document(served: Simulation.servedType, limits: limits)
        #expect(smaller.contains("8 KiB for a form") && !smaller.contains("64 KiB for a form"))
        expectEqual(text.components(separatedBy: "64 KiB for a form").count - 1, router.routes.filter { $0.operation != nil }.count)
    }
}
