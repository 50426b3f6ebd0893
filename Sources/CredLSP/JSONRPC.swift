import CredSimulator

/// A JSON-RPC 2.0 message as the server reads it.
public enum IncomingMessage: Equatable {
    case request(id: JSONValue, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    /// An answer to a request of the server's (it sends none that need one): ignored.
    case response
}

/// A JSON-RPC error: its code, message, and the request's id (null when unknown).
public struct RPCError: Error, Equatable {
    public let code: Int
    public let message: String
    public var id: JSONValue = .null

    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002

    public init(_ code: Int, _ message: String, id: JSONValue = .null) {
        self.code = code
        self.message = message
        self.id = id
    }
}

public enum JSONRPC {
    /// Reads one message body; a body that is not JSON, or not a JSON-RPC message, is the
    /// error the protocol says to answer with.
    public static func decode(_ body: [UInt8]) -> Result<IncomingMessage, RPCError> {
        let value: JSONValue
        do {
            value = try JSONValue.parse(String(decoding: body, as: UTF8.self))
        } catch {
            return .failure(RPCError(RPCError.parseError, "the message is not JSON: \(error.message) at character \(error.offset)"))
        }
        guard case .object = value else {
            return .failure(RPCError(RPCError.invalidRequest, "a message must be a JSON object"))
        }
        let id = value["id"]
        if let id {
            switch id {
            case .int, .string, .null: break
            default: return .failure(RPCError(RPCError.invalidRequest, "a request's id must be a number or a string"))
            }
        }
        if let version = value["jsonrpc"], version != .string("2.0") {
            return .failure(RPCError(RPCError.invalidRequest, "jsonrpc must be \"2.0\"", id: id ?? .null))
        }
        guard let methodValue = value["method"] else {
            if id != nil, value["result"] != nil || value["error"] != nil { return .success(.response) }
            return .failure(RPCError(RPCError.invalidRequest, "a request needs a method", id: id ?? .null))
        }
        guard case .string(let method) = methodValue else {
            return .failure(RPCError(RPCError.invalidRequest, "a method must be a string", id: id ?? .null))
        }
        let params = value["params"] ?? .null
        if let id { return .success(.request(id: id, method: method, params: params)) }
        return .success(.notification(method: method, params: params))
    }

    public static func response(id: JSONValue, result: JSONValue) -> String {
        JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).serialized
    }

    public static func response(_ error: RPCError) -> String {
        JSONValue.object([
            ("jsonrpc", .string("2.0")), ("id", error.id),
            ("error", .object([("code", .int(error.code)), ("message", .string(error.message))])),
        ]).serialized
    }

    public static func notification(_ method: String, params: JSONValue) -> String {
        JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).serialized
    }
}
