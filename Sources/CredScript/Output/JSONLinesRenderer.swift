import CredSimulator

/// Renders output as JSON Lines: one object per SDK call, callback, check and line of
/// command output. Callback keys are the SDK's own payload names, so what a user reads
/// here is exactly what `expect event NAME FIELD=VALUE` can assert.
public struct JSONLinesRenderer: Sendable {
    public init() {}

    public func render(_ record: OutputRecord) -> String {
        object(for: record).serialized + "\n"
    }

    public func object(for record: OutputRecord) -> JSONValue {
        switch record {
        case let .echo(command, file, line):
            return .object([("command", .string(command)), ("file", .string(file)), ("line", .int(line))])
        case .text(let line):
            return .object([("output", .string(line))])
        case .commandError(let message):
            return .object([("error", .string(message)), ("source", .string("credsh"))])
        case .outcome(let outcome, let sdk):
            switch outcome {
            case let .call(api, arguments, error):
                var members: [(String, JSONValue)] = [("call", .string(api)), ("sdk", .string(sdk))] + arguments
                if let error {
                    members.append(("error", .int(error.code)))
                    members.append(("errorString", .string(error.message)))
                }
                return .object(members)
            case .event(let event):
                return .object([("event", .string(event.name)), ("sdk", .string(sdk))] + event.fields)
            case .appCheck(let message):
                return .object([("error", .string(message)), ("source", .string("app"))])
            case .networkError(let message):
                return .object([("error", .string(message)), ("source", .string("network"))])
            case .appShows(let message):
                return .object([("app", .string(message))])
            case .note(let message):
                return .object([("note", .string(message))])
            case let .policyRefusal(rule, message):
                return .object([("note", .string("policy")), ("rule", .string(rule)), ("message", .string(message))])
            }
        }
    }
}
