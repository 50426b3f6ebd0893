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
        /// The id was sent `-0`, which reads as 0 and is answered `-0` (idSpelling).
        var negativeZeroID = false
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
        var negativeZeroID = false
    }

    /// How an answer writes the id that was sent `-0`: JSONValue writes 0, and the id is
    /// echoed exactly (docs/double.md). Every answer starts `{"jsonrpc":"2.0","id":`.
    static func idSpelling(_ answer: [UInt8], negativeZero: Bool) -> [UInt8] {
        let zero = Array(#"{"jsonrpc":"2.0","id":0"#.utf8)
        guard negativeZero, answer.starts(with: zero) else { return answer }
        return zero.dropLast() + Array("-".utf8) + answer[(zero.count - 1)...]
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
        var outOfRange: [[String]] = [], negativeZeros: [[String]] = []
        do { value = try JSONValue.parse(text, outOfRange: &outOfRange, negativeZeros: &negativeZeros) } catch {
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
                                        notification: isNotification(value), negativeZeroID: negativeZeros.contains(["id"])))
            }
            return .failure(Failure(code: invalidRequest, message: "invalid request: an integer past 64 bits", id: idOf(value),
                                    negativeZeroID: negativeZeros.contains(["id"])))
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
        let negativeZeroID = negativeZeros.contains(["id"])
        guard member("jsonrpc") == .string("2.0") else {
            return .failure(Failure(code: invalidRequest, message: "invalid request: jsonrpc must be \"2.0\"", id: id ?? .null,
                                    negativeZeroID: negativeZeroID))
        }
        guard case .string(let method)? = member("method"), !method.isEmpty else {
            return .failure(Failure(code: invalidRequest, message: "invalid request: method is a non-empty string", id: id ?? .null,
                                    negativeZeroID: negativeZeroID))
        }
        var params: [(String, JSONValue)] = []
        switch member("params") {
        case nil, .null?: break
        case .object(let fields)?: params = fields
        default:
            return .failure(Failure(code: invalidParams, message: "invalid params: params is an object of named fields", id: id ?? .null,
                                    notification: id == nil, negativeZeroID: negativeZeroID))
        }
        return .success(Request(id: id, method: method, params: params, negativeZeroID: negativeZeroID))
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
