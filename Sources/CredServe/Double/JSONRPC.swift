import CredSimulator

/// JSON-RPC 2.0 as `POST /sdk/NAME` speaks it (docs/double.md, "The wire"): one request
/// object a body, never a batch; every error an error object answered HTTP 200.
enum JSONRPC {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    /// The device was refused: a bad `Credsh-Device`, or one device past the bound.
    static let deviceRefused = -32001

    struct Request {
        /// Nil for a notification (no `id`): performed, answered 204 without a body.
        let id: JSONValue?
        let method: String
        let params: [(String, JSONValue)]
    }

    struct Failure: Error {
        let code: Int
        let message: String
        var data: JSONValue?
        /// The request's id when it could be read; null otherwise (as the spec says).
        var id: JSONValue = .null
        /// The failure is about a well-formed notification (`jsonrpc`, `method`, no `id`):
        /// it is not answered (JSON-RPC 2.0, "Notification"), as a refused call of one is not.
        /// A request whose id cannot be told (a parse error, an invalid request) is answered.
        var notification = false
    }

    /// Reads one request. The body is UTF-8 JSON (only whole numbers: JSONValue), an object
    /// with `"jsonrpc":"2.0"`, a string `method`, an optional `id` (string, integer or
    /// null) and optional `params`, an object of named fields.
    static func read(_ body: [UInt8]) -> Result<Request, Failure> {
        guard let text = String(validating: body, as: UTF8.self) else {
            return .failure(Failure(code: parseError, message: "parse error: the body is not UTF-8"))
        }
        let value: JSONValue
        // A whole number past 64 bits is still JSON: answered for what it is, an id this
        // server cannot echo (-32600) or a field's value no call takes (-32602).
        var outOfRange: [[String]] = []
        do { value = try JSONValue.parse(text, outOfRange: &outOfRange) } catch {
            return .failure(Failure(code: parseError, message: "parse error: \(error.message) at offset \(error.offset)"))
        }
        if outOfRange.contains(["id"]) {
            return .failure(Failure(code: invalidRequest, message: "invalid request: id is an integer past 64 bits; send a smaller integer or a string"))
        }
        if let place = outOfRange.first {
            if place.count >= 2, place[0] == "params" {
                let field = CallValidator.quoted(place[1])
                return .failure(Failure(code: invalidParams, message: "invalid params: '\(field)' holds an integer past 64 bits",
                                        data: .object([("field", .string(field))]), id: idOf(value),
                                        notification: isNotification(value)))
            }
            return .failure(Failure(code: invalidRequest, message: "invalid request: an integer past 64 bits", id: idOf(value)))
        }
        if case .array = value {
            return .failure(Failure(code: invalidRequest, message: "invalid request: batches are not supported; send one request object"))
        }
        guard case .object(let members) = value else {
            return .failure(Failure(code: invalidRequest, message: "invalid request: the body is not a JSON-RPC request object"))
        }
        func member(_ name: String) -> JSONValue? { members.last { $0.0 == name }?.1 }
        var id: JSONValue?
        if let given = member("id") {
            switch given {
            case .string, .int, .null: id = given
            default: return .failure(Failure(code: invalidRequest, message: "invalid request: id is a string, an integer or null"))
            }
        }
        guard member("jsonrpc") == .string("2.0") else {
            return .failure(Failure(code: invalidRequest, message: "invalid request: jsonrpc must be \"2.0\"", id: id ?? .null))
        }
        guard case .string(let method)? = member("method"), !method.isEmpty else {
            return .failure(Failure(code: invalidRequest, message: "invalid request: method is a non-empty string", id: id ?? .null))
        }
        var params: [(String, JSONValue)] = []
        switch member("params") {
        case nil, .null?: break
        case .object(let fields)?: params = fields
        default:
            return .failure(Failure(code: invalidParams, message: "invalid params: params is an object of named fields", id: id ?? .null,
                                    notification: id == nil))
        }
        return .success(Request(id: id, method: method, params: params))
    }

    /// Whether `value` is a request object without `id` that is otherwise well formed.
    private static func isNotification(_ value: JSONValue) -> Bool {
        guard value["id"] == nil, value["jsonrpc"] == .string("2.0"), case .string(let method)? = value["method"] else { return false }
        return !method.isEmpty
    }

    /// The request's id when it is one the answer may carry; null otherwise.
    private static func idOf(_ value: JSONValue) -> JSONValue {
        switch value["id"] {
        case .string?, .int?: return value["id"] ?? .null
        default: return .null
        }
    }

    static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    static func error(_ failure: Failure) -> JSONValue {
        var error: [(String, JSONValue)] = [("code", .int(failure.code)), ("message", .string(failure.message))]
        if let data = failure.data { error.append(("data", data)) }
        return .object([("jsonrpc", .string("2.0")), ("id", failure.id), ("error", .object(error))])
    }
}
