/// The two events of the SUSI.AI simulation: the HTTP request the device sends and the
/// answer it gets (docs/susi.md, "Events"). Passwords and tokens show as `***`.
public enum SusiEvents {
    /// Parameters the services read, each shown as a field of its own; any other name a
    /// raw request sends goes into the `parameters` object, in the order sent.
    public static let knownParameters = ["login", "password", "type", "valid_seconds",
                                         "changepassword", "newpassword", "access_token"]
    /// A list, not a set: three names, and a set built at start-up costs a plain run more than
    /// the rest of the catalog (callgrind).
    public static let secretParameters = ["password", "newpassword", "access_token"]
    /// What the login answer says for `valid_seconds` when the token never expires.
    static let forever = "forever"

    static func request(_ request: SusiRequest) -> Outcome {
        var fields: [(String, JSONValue)] = [("method", .string(request.method)), ("path", .string(request.path))]
        var others: [(String, JSONValue)] = []
        var shown: Set<String> = []
        // A secret parameter's value travels flagged with the event: the edge hides it
        // wherever else the request sent it (`x=…&password=…`), known to the run or not.
        var secrets: [(String, String)] = []
        for (name, value) in request.parameters {
            let secret = secretParameters.contains(name)
            if secret { secrets.append((name, value)) }
            let masked = secret ? FieldSpec.hidden : .string(value)
            if knownParameters.contains(name), shown.insert(name).inserted {
                fields.append((name, masked))
            } else {
                others.append((name, masked))
            }
        }
        if !others.isEmpty { fields.append(("parameters", .object(others))) }
        // The other parameters' names are the sender's words, not the catalog's.
        return .event(SDKEvent("request", fields, secretValues: secrets, clientKeyFields: others.isEmpty ? [] : ["parameters"]))
    }

    static func response(_ response: SusiResponse) -> Outcome {
        var fields: [(String, JSONValue)] = [("status", .int(response.status))]
        if response.bodyless { return .event(SDKEvent("response", fields)) }
        var secrets: [(String, String)] = []
        if case .object(let members)? = response.json {
            for (name, value) in members {
                if secretParameters.contains(name), case .string(let text) = value { secrets.append((name, text)) }
                fields.append((name, secretParameters.contains(name) ? FieldSpec.hidden : value))
            }
        } else if let reason = response.errorMessage {
            fields.append(("reason", .string(reason)))
        }
        return .event(SDKEvent("response", fields, secretValues: secrets))
    }

    static let specs: [EventSpec] = [
        EventSpec("request", "The device sends an HTTP request (the app's, or a raw one); secrets show as ***.",
                  fields: [FieldSpec("method", .string), FieldSpec("path", .string)]
                      + knownParameters.map { FieldSpec($0, .string, optional: true, secret: secretParameters.contains($0)) }
                      + [FieldSpec("parameters", .object, optional: true)]),
        EventSpec("response", "The server's answer: the JSON members in the server's order, or an error page's reason.",
                  fields: [
                      FieldSpec("status", .integer),
                      FieldSpec("session", .object, optional: true),
                      FieldSpec("accepted", .boolean, optional: true),
                      // The string "forever" when the token never expires (valid_seconds=-1).
                      FieldSpec("valid_seconds", .integer, optional: true, unbounded: SusiEvents.forever),
                      FieldSpec("access_token", .string, optional: true, secret: true),
                      FieldSpec("message", .string, optional: true),
                      FieldSpec("reason", .string, optional: true),
                  ]),
    ]
}
