import CredSimulator

/// What a route answers, in OpenAPI 3.1 terms, as typed values: the route table holds one
/// per operation and `OpenAPIDocument` writes them out, so the document lists what is
/// routed and nothing else (docs/openapi.json is generated from it, never edited).
struct APIOperation: Sendable {
    var summary: String
    /// `bearer` and `queryToken`: the route sits behind the token (`Access.token`).
    var needsToken = false
    var parameters: [APIParameter] = []
    var requestBody: APIBody?
    /// The route's own answers; the HTTP layer's refusals (ServeRefusals) and, behind the
    /// token, the access refusals are added where the document is written.
    var responses: [APIResponse]
}

struct APIParameter: Sendable {
    enum Place: String, Sendable { case query, header, path }
    var name: String
    var place: Place
    var required = false
    var schema: APISchema = .string
}

struct APIBody: Sendable {
    var required: Bool
    var contentType: String
    var schema: APISchema
}

struct APIResponse: Sendable {
    var status: Int
    var description: String
    var contentType: String?
    var schema: APISchema = .string
    var headers: [String] = []
    /// More media types the same status may come as (a page refused by the HTTP layer).
    var otherContentTypes: [String] = []
}

/// The JSON Schema subset the document uses.
indirect enum APISchema: Sendable {
    case string
    case integer
    case boolean
    case null
    case anyObject
    /// An object with these properties, in order; `required` names the ones always there.
    /// `values`: the schema of members not listed (any when nil).
    case object(properties: [(String, APISchema)], required: [String] = [], additional: Bool = true, values: APISchema? = nil)
    case array(APISchema)
    case oneOf([APISchema])
    case enumeration([String])
    case constant(String)
    /// Any JSON value.
    case any

    var json: JSONValue {
        switch self {
        case .string: return .object([("type", .string("string"))])
        case .integer: return .object([("type", .string("integer"))])
        case .boolean: return .object([("type", .string("boolean"))])
        case .null: return .object([("type", .string("null"))])
        case .anyObject: return .object([("type", .string("object"))])
        case .any: return .object([])
        case .object(let properties, let required, let additional, let values):
            var members: [(String, JSONValue)] = [("type", .string("object"))]
            if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
            if !properties.isEmpty { members.append(("properties", .object(properties.map { ($0.0, $0.1.json) }))) }
            if !additional { members.append(("additionalProperties", .bool(false))) }
            if additional, let values { members.append(("additionalProperties", values.json)) }
            return .object(members)
        case .array(let items): return .object([("type", .string("array")), ("items", items.json)])
        case .oneOf(let choices): return .object([("oneOf", .array(choices.map(\.json)))])
        case .enumeration(let values): return .object([("enum", .array(values.map { .string($0) }))])
        case .constant(let value): return .object([("const", .string(value))])
        }
    }
}

extension APIOperation {
    func json(extra: [APIResponse]) -> JSONValue {
        var members: [(String, JSONValue)] = [("summary", .string(summary))]
        if needsToken {
            members.append(("security", .array([.object([("bearer", .array([]))]), .object([("queryToken", .array([]))])])))
        }
        if !parameters.isEmpty {
            members.append(("parameters", .array(parameters.map { parameter in
                .object([("name", .string(parameter.name)), ("in", .string(parameter.place.rawValue)),
                         ("required", .bool(parameter.required)), ("schema", parameter.schema.json)])
            })))
        }
        if let body = requestBody {
            members.append(("requestBody", .object([
                ("required", .bool(body.required)),
                ("content", .object([(body.contentType, .object([("schema", body.schema.json)]))])),
            ])))
        }
        // One answer per status, the route's own first: a status both list is the route's.
        var all = responses
        for response in extra where !all.contains(where: { $0.status == response.status }) { all.append(response) }
        all.sort { $0.status < $1.status }
        members.append(("responses", .object(all.map { response in
            var fields: [(String, JSONValue)] = [("description", .string(response.description))]
            if let type = response.contentType {
                let types = [type] + response.otherContentTypes
                fields.append(("content", .object(types.map { ($0, .object([("schema", (($0 == type) ? response.schema : .string).json)])) })))
            }
            if !response.headers.isEmpty {
                fields.append(("headers", .object(response.headers.map { ($0, .object([("schema", APISchema.string.json)])) })))
            }
            return (String(response.status), .object(fields))
        })))
        return .object(members)
    }
}

/// JSON written as docs/openapi.json is: two spaces a level, one member or item a line.
enum PrettyJSON {
    static func text(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, to: &out)
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, to out: inout String) {
        let inner = String(repeating: " ", count: indent + 2)
        switch value {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                write(item, indent: indent + 2, to: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (index, (name, member)) in members.enumerated() {
                out += inner
                JSONValue.writeString(name, to: &out)
                out += ": "
                write(member, indent: indent + 2, to: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        default:
            value.write(to: &out)
        }
    }
}
