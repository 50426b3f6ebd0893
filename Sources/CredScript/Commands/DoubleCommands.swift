import CredLanguage
import CredSimulator

/// The SDK double in the language (docs/double.md, "The language side"): one API call of
/// the active SDK as an app makes it, the device the lines act for, and the checks on
/// what a device's app called. Names, fields and their kinds come from each SDK's
/// catalog (`SDKCatalog.calls`); nothing here names an SDK.
enum DoubleCommands {
    static let group = "The SDK double (calls, devices, journal)"

    /// The names of the call fields any catalog marks secret: their values are masked
    /// wherever a `call` line is shown, as `request`'s secret parameters are.
    static let secretFieldNames: [String] = Array(Set(Simulation.sdkTypes.flatMap { $0.calls }.flatMap(\.fields)
        .filter(\.secret).map(\.name))).sorted()

    static let method = Parameter("METHOD", "a call of the active SDK", .call)
    static let fields = Parameter("FIELD=VALUE", "the call's fields", .parameters(secretNames: secretFieldNames),
                                  optional: true, variadic: true)
    static let device = Parameter("ID", "a device ID (1-64 characters of A-Z a-z 0-9 . _ -)", .text)
    static let calledFields = Parameter("FIELD=VALUE", "fields the call was given, compared (=, !=, <, ~, …)", .fieldMatch,
                                        optional: true, variadic: true)
    static let methods = Parameter("METHOD", "calls, in this order", .call, variadic: true)
    static let journalAction = Parameter("ACTION", "clear or show", .choice(["clear", "show"]))

    static let all: [Command] = [
        Command("call", [method, fields], group: group,
                    summary: "Make one API call of the active SDK as the app would, on the current device, and show its callbacks",
                    example: "call setUser userID=alice", check: fieldCheck(fields, secretsAllowed: true)) { c throws(CommandFailure) in
            let name = try c.text(method)
            let pairs = try c.textPairs(fields)
            let sdk = c.simulation.activeSDK
            switch CallValidator.validate(sdk: sdk, method: name, params: pairs.map { ($0.key, JSONValue.string($0.value)) }) {
            case .failure(let refusal): throw .cannotRun(refusal.message)
            case .success(let call): return c.withSimulation { $0.perform(call) }
            }
        },
        Command("device", [device], group: group,
                    summary: "The lines after act for, and check, this device (an app instance); 'device default' goes back",
                    example: "device phone-2", check: deviceCheck) { c throws(CommandFailure) in
            let id = try deviceID(c)
            let isNew = !c.simulation.deviceIDs.contains(id)
            do throws(DeviceRefusal) { try c.withSimulation { (simulation: inout Simulation) throws(DeviceRefusal) in try simulation.enter(device: id) } } catch { throw .cannotRun(error.message) }
            if isNew { c.say("device \(id.name): new, a copy of default's SDK side (docs/double.md, \"Devices\")") }
            return []
        },
        Command("devices", group: group,
                    summary: "List the devices seen so far, the current one marked, with the calls in each journal",
                    example: "devices") { c throws(CommandFailure) in
            let sim = c.simulation
            c.say(sim.deviceIDs.map { id in
                let journal = sim.journal(of: id)
                let count = journal.entries.count + journal.dropped
                return "\(id == sim.device ? "*" : " ") \(id.name)  \(count) call\(count == 1 ? "" : "s")"
            })
            return []
        },
        Command("devices forget", [device], group: group,
                    summary: "Forget a device: its SDK side and journal go, its place among the 256 is free; seen again, it starts anew",
                    example: "devices forget phone-2", check: deviceCheck) { c throws(CommandFailure) in
            let id = try deviceID(c)
            do throws(DeviceRefusal) { try c.withSimulation { (simulation: inout Simulation) throws(DeviceRefusal) in try simulation.forget(device: id) } } catch { throw .cannotRun(error.message) }
            c.say("device \(id.name) forgotten")
            return []
        },
        Command("journal", [journalAction], group: group,
                    summary: "journal clear: the current device's journal starts again; journal show: print it as a .credscript",
                    example: "journal clear") { c throws(CommandFailure) in
            if try c.text(journalAction) == "clear" {
                c.withSimulation { $0.clearJournal() }
            } else {
                let sim = c.simulation
                c.sayMaskedByField(JournalScript.lines(of: sim.journal, device: sim.device, secrets: c.knownSecrets))
            }
            return []
        },
        Command("expect called", [method, calledFields], group: ExpectCommands.group, role: .expectation,
                    summary: "The current device's app made this call (with these fields) since it first called or since journal clear",
                    example: "expect called updatePassword challengeMode=4", check: fieldCheck(calledFields, secretsAllowed: false)) { c throws(CommandFailure) in
            let (said, matching, journal) = try search(c)
            if matching.isEmpty {
                throw c.expectationFailure("expected a call \(said) on device \(c.simulation.device.name); \(calledSoFar(journal, sdk: c.simulation.activeSDK))")
            }
            return []
        },
        Command("expect no call", [method, calledFields], group: ExpectCommands.group, role: .expectation,
                    summary: "The current device's app made no such call since it first called or since journal clear",
                    example: "expect no call setPassword", check: fieldCheck(calledFields, secretsAllowed: false)) { c throws(CommandFailure) in
            let (said, matching, _) = try search(c)
            if let first = matching.first {
                throw c.expectationFailure("expected no call \(said) on device \(c.simulation.device.name), but call #\(first + 1) of its journal was one")
            }
            return []
        },
        Command("expect calls", [methods], group: ExpectCommands.group, role: .expectation,
                    summary: "The current device's app made these calls in this order (others allowed between)",
                    example: "expect calls setUser setPassword updatePassword") { c throws(CommandFailure) in
            let wanted = try c.texts(methods)
            let journal = try checkedJournal(c)
            let sdk = c.simulation.activeSDK
            var next = 0
            for entry in journal.entries where entry.sdk == sdk && next < wanted.count && entry.method == wanted[next] { next += 1 }
            if next < wanted.count {
                let found = next == 0 ? "none of them" : "only \(wanted[..<next].joined(separator: " "))"
                throw c.expectationFailure("expected the calls \(wanted.joined(separator: " ")) in this order on device \(c.simulation.device.name); "
                                           + "found \(found), then no \(wanted[next]); \(calledSoFar(journal, sdk: sdk))")
            }
            return []
        },
    ]

    /// The device ID of a `device` or `devices forget` line, checked as the wire checks
    /// `Credsh-Device` (DeviceID).
    static func deviceID(_ c: CommandContext) throws(CommandFailure) -> DeviceID {
        let name = try c.text(device)
        do throws(DeviceRefusal) { return try DeviceID(name) } catch { throw .cannotRun(error.message) }
    }

    /// What the resolver (and `credsh check`) checks of a literal device ID: the rule the
    /// run applies, reported where it is written with its own code.
    static let deviceCheck = StaticCheck { arguments in
        guard let written = arguments.single(device) else { return nil }
        do throws(DeviceRefusal) { _ = try DeviceID(written.value.text) } catch {
            return StaticProblem(message: error.message, position: written.position, code: .badDeviceID)
        }
        return nil
    }

    /// The current device's journal, or the failure every journal check gives once it overflowed.
    static func checkedJournal(_ c: CommandContext) throws(CommandFailure) -> DeviceJournal {
        let journal = c.simulation.journal
        if journal.overflowed {
            throw c.expectationFailure("the journal of device \(c.simulation.device.name) overflowed: it keeps \(journal.fullAt ?? "\(DeviceJournal.capacity) calls") "
                                       + "and \(journal.dropped) more were not kept; journal checks fail until 'journal clear'")
        }
        return journal
    }

    /// The entries of the current device that are calls of METHOD with the fields compared.
    static func search(_ c: CommandContext) throws(CommandFailure) -> (said: String, matching: [Int], journal: DeviceJournal) {
        let name = try c.text(method)
        let sdk = c.simulation.activeSDK
        guard let spec = sdk.catalog.call(name) else {
            throw .cannotRun(CallRefusal.unknownMethod(sdk: sdk.name, method: name, nearest: CallValidator.nearest(name, in: sdk.catalog.callNames)).message)
        }
        let pairs = try c.pairs(calledFields)
        let ops = c.pairOperators(calledFields)
        for pair in pairs {
            guard let field = spec.field(pair.key) else {
                throw .cannotRun(CallRefusal.unknownField(method: name, field: pair.key, nearest: CallValidator.nearest(pair.key, in: spec.fields.map(\.name))).message)
            }
            if field.secret { throw .cannotRun(secretRefusal(name, pair.key)) }
        }
        let said = ([name] + pairs.indices.map { "\(pairs[$0].key)\(ops[$0].rawValue)\(pairs[$0].value.text)" }).joined(separator: " ")
        let journal = try checkedJournal(c)
        var matching: [Int] = []
        for (index, entry) in journal.entries.enumerated() where entry.sdk == sdk && entry.method == name {
            let holds = pairs.indices.allSatisfy { i in
                FieldMatch.matches(entry.arguments.first { $0.0 == pairs[i].key }?.1, ops[i], pairs[i].value,
                                   field: pairs[i].key, sdk: sdk)
            }
            if holds { matching.append(index) }
        }
        return (said, matching, journal)
    }

    static func secretRefusal(_ method: String, _ field: String) -> String {
        "\(method)'s field '\(field)' is a secret: the journal keeps it masked, so no check can compare it"
    }

    /// What the device called so far, for a failure message: the last 12 calls at most.
    static func calledSoFar(_ journal: DeviceJournal, sdk: SDKID) -> String {
        let calls = journal.entries.filter { $0.sdk == sdk }
        guard !calls.isEmpty else { return "it made no \(sdk.name) call" }
        let shown = calls.suffix(12).map { entry in
            ([entry.method] + entry.arguments.map { "\($0.0)=\(FieldText.plain($0.1))" }).joined(separator: " ")
        }
        let lead = calls.count > shown.count ? "its last \(shown.count) of \(calls.count) calls" : "its calls"
        return lead + ": " + shown.joined(separator: "; ")
    }

    /// What the resolver (and `credsh check`) checks of a literal METHOD's fields: each
    /// one the call takes; for a check, no secret field (the journal keeps it masked).
    static func fieldCheck(_ parameter: Parameter, secretsAllowed: Bool) -> StaticCheck {
        StaticCheck { arguments in
            guard let written = arguments.single(method), case .text(let name) = written.value,
                  let catalog = SDKID(named: arguments.sdk)?.catalog, let spec = catalog.call(name)
            else { return nil }
            for pair in arguments.written(parameter) {
                guard let field = spec.field(pair.key) else {
                    return StaticProblem(message: CallRefusal.unknownField(method: name, field: pair.key,
                                                                           nearest: CallValidator.nearest(pair.key, in: spec.fields.map(\.name))).message
                                         + FieldNames.note(spec.fields.map(\.name)),
                                         position: pair.position)
                }
                if !secretsAllowed, field.secret { return StaticProblem(message: secretRefusal(name, pair.key), position: pair.position) }
            }
            if secretsAllowed, let missing = spec.fields.first(where: { field in
                !field.optional && !arguments.written(parameter).contains { $0.key == field.name }
            }) {
                return StaticProblem(message: CallRefusal.missingField(method: name, field: missing.name).message, position: written.position)
            }
            return nil
        }
    }
}
