import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One callback (or note) a call produced, as the wire sends it: `{"event":"getPassword",
/// "userID":"alice",…}` (docs/double.md, "The wire"). `fields` holds the record without
/// its `event` key; secrets arrive masked (`***`), never in plain text.
public struct WireEvent: @unchecked Sendable {
    public let name: String
    public let fields: [String: Any]
    /// A call record (`{"call":"dismiss",…}`), not a callback.
    public let isCall: Bool

    public init(name: String, fields: [String: Any], isCall: Bool = false) {
        self.name = name
        self.fields = fields
        self.isCall = isCall
    }

    public func string(_ key: String) -> String? { fields[key] as? String }
    public func int(_ key: String) -> Int? {
        if let number = fields[key] as? NSNumber { return number.intValue }
        return fields[key] as? Int
    }
    public func bool(_ key: String) -> Bool? {
        if let value = fields[key] as? Bool { return value }
        return (fields[key] as? NSNumber)?.boolValue
    }
    public func strings(_ key: String) -> [String] { (fields[key] as? [Any])?.compactMap { $0 as? String } ?? [] }
}

/// What one call answered: the SDK's synchronous error when it refused the call, then
/// the callbacks in order, and the simulator's notes (which no real SDK sends).
public struct CallAnswer: Sendable {
    public let syncError: SyncError?
    /// The callbacks and, in their place among them, the calls the simulated side made
    /// itself (Fiori's `dismiss`): those have `isCall` set.
    public let events: [WireEvent]
    public let notes: [String]

    public struct SyncError: Sendable, Equatable {
        public let code: Int
        public let message: String
    }
}

/// Why a call got no SDK answer at all: the double could not reach the server, the server
/// refused the request (HTTP), or answered a JSON-RPC error (a method or field the SDK
/// does not have: a mistake in the app, or a double out of step with the server).
public enum CredshWireError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreachable(String)
    case http(status: Int, body: String)
    case rpc(code: Int, message: String, field: String?)
    case badAnswer(String)

    public var description: String {
        switch self {
        case .unreachable(let why): return "credsh serve could not be reached: \(why)"
        case let .http(status, body): return "credsh serve answered HTTP \(status): \(body.prefix(200))"
        case let .rpc(code, message, field): return "JSON-RPC error \(code): \(message)" + (field.map { " (field \($0))" } ?? "")
        case .badAnswer(let why): return "credsh serve's answer could not be read: \(why)"
        }
    }

    /// The code a vendor-shaped error carries for a failure of the double itself: below
    /// zero, which no simulated SDK uses (docs/double.md, "Clients").
    public var code: Int {
        switch self {
        case .unreachable: return -1
        case .http(let status, _): return -status
        case .rpc(let code, _, _): return code
        case .badAnswer: return -2
        }
    }
}

/// The JSON-RPC 2.0 client of one SDK's endpoint, `POST /sdk/NAME` (docs/double.md): one
/// request per call, answered synchronously, as the vendor SDKs return their synchronous
/// error at once. It must not be called on a URLSession delegate queue (it waits for one).
public final class CredshWire: @unchecked Sendable {
    public let configuration: CredshConfiguration
    public let sdk: String
    private let session: URLSession
    private let lock = NSLock()
    private var nextID = 1
    /// The most bytes of an answer read; a bigger one is a `badAnswer`.
    public static let answerLimit = 4 << 20

    public init(configuration: CredshConfiguration, sdk: String) {
        self.configuration = configuration
        self.sdk = sdk
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout
        sessionConfiguration.httpMaximumConnectionsPerHost = 1
        session = URLSession(configuration: sessionConfiguration)
    }

    /// Performs `method` with `params` on the current device; secrets go in `params` as
    /// the app typed them and never come back.
    public func call(_ method: String, _ params: [String: Any] = [:]) -> Result<CallAnswer, CredshWireError> {
        lock.lock()
        let id = nextID
        nextID += 1
        lock.unlock()
        let request: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
        let url = configuration.baseURL.appendingPathComponent("sdk").appendingPathComponent(sdk)
        switch CredshHTTP.post(session: session, url: url, configuration: configuration,
                               contentType: "application/json", body: try? JSONSerialization.data(withJSONObject: request)) {
        case .failure(let error): return .failure(error)
        case .success(let (status, data)):
            guard status == 200 else { return .failure(.http(status: status, body: String(decoding: data, as: UTF8.self))) }
            return Self.decode(data)
        }
    }

    static func decode(_ data: Data) -> Result<CallAnswer, CredshWireError> {
        guard data.count <= answerLimit else { return .failure(.badAnswer("over \(answerLimit) bytes")) }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return .failure(.badAnswer("not a JSON object"))
        }
        if let error = object["error"] as? [String: Any] {
            let code = (error["code"] as? NSNumber)?.intValue ?? 0
            let field = (error["data"] as? [String: Any])?["field"] as? String
            return .failure(.rpc(code: code, message: error["message"] as? String ?? "", field: field))
        }
        guard let result = object["result"] as? [String: Any], let records = result["events"] as? [Any] else {
            return .failure(.badAnswer("no result.events"))
        }
        var events: [WireEvent] = []
        var notes: [String] = []
        for case let record as [String: Any] in records {
            if let name = record["event"] as? String {
                var fields = record
                fields["event"] = nil
                events.append(WireEvent(name: name, fields: fields))
            } else if let name = record["call"] as? String {
                var fields = record
                fields["call"] = nil
                events.append(WireEvent(name: name, fields: fields, isCall: true))
            } else if record["note"] != nil {
                notes.append(record["message"] as? String ?? record["note"] as? String ?? "")
            }
        }
        var syncError: CallAnswer.SyncError?
        if let sync = result["syncError"] as? [String: Any] {
            syncError = .init(code: (sync["code"] as? NSNumber)?.intValue ?? 0, message: sync["message"] as? String ?? "")
        }
        return .success(CallAnswer(syncError: syncError, events: events, notes: notes))
    }
}

/// One HTTP POST to credsh serve with the token and the device, waited for (bounded by
/// the configuration's timeout).
enum CredshHTTP {
    static func post(session: URLSession, url: URL, configuration: CredshConfiguration,
                     contentType: String, body: Data?) -> Result<(Int, Data), CredshWireError> {
        var request = URLRequest(url: url, timeoutInterval: configuration.timeout)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(configuration.token)", forHTTPHeaderField: "Authorization")
        request.setValue(configuration.device, forHTTPHeaderField: "Credsh-Device")
        let done = DispatchSemaphore(value: 0)
        let box = AnswerBox()
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                box.result = .failure(.unreachable(error.localizedDescription))
            } else if let http = response as? HTTPURLResponse {
                box.result = .success((http.statusCode, data ?? Data()))
            } else {
                box.result = .failure(.badAnswer("not an HTTP answer"))
            }
            done.signal()
        }
        task.resume()
        // URLSession's own timeout ends the task first; this bound is the backstop.
        if done.wait(timeout: .now() + configuration.timeout + 5) == .timedOut {
            task.cancel()
            return .failure(.unreachable("no answer within \(Int(configuration.timeout)) s"))
        }
        return box.result ?? .failure(.badAnswer("no answer"))
    }

    final class AnswerBox: @unchecked Sendable {
        var result: Result<(Int, Data), CredshWireError>?
    }
}
