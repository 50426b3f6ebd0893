import CredLanguage
import CredScript
import CredSimulator

/// The SDK double's wire (docs/double.md, "The wire"): `POST /sdk/NAME` performs one API
/// call of an SDK for one device, a JSON-RPC 2.0 request in, its callbacks out. It sits
/// behind the control API's access checks (Router's middleware, ControlAccess) and needs
/// `Content-Type: application/json`. Runs on the thread that owns the simulation, one
/// request at a time, as every request of `credsh serve`.
struct SDKWire {
    /// Names the app instance (DeviceID); absent: `default`.
    static let deviceHeader = "Credsh-Device"
    /// What a request with two `Credsh-Device` headers is told.
    static let oneDevice = "the device the call is for"

    /// The SDKs the double stands in for: each SDK whose catalog lists calls.
    /// Worked out once: every request and the banner ask for it.
    static let sdks: [SDKID] = SDKID.all.filter { !$0.catalog.calls.isEmpty }

    unowned let session: ServeSession

    /// The answer to `POST /sdk/NAME` and its log line.
    func call(_ request: WireRequest, sdkName: String) -> (WireResponse?, ServeLogEntry) {
        // Every answer and log line passes the server's edge (ServeEdge), which hides the
        // session's secrets and those this call carries (`secrets`, once known) in what
        // they quote (docs/double.md, "Secrets").
        var secrets = KnownSecrets()
        func logged(_ response: WireResponse, note: String? = nil, parameters: [(String, String)] = []) -> (WireResponse?, ServeLogEntry) {
            (response, ServeLogEntry(client: request.client, method: request.method, path: request.path, status: response.status,
                                     parameters: parameters, note: note, catalogued: true, carrying: secrets))
        }
        guard let sdk = Self.sdks.first(where: { $0.name == sdkName }) else {
            return logged(Self.noSDK(sdkName))
        }
        let devices = request.count(of: Self.deviceHeader)
        if devices > 1 {
            return logged(Refusals.givenTwice(Self.deviceHeader, count: devices, says: Self.oneDevice), note: "\(Self.deviceHeader) given twice")
        }
        guard request.hasMediaType("application/json") else {
            return logged(Refusals.plain(415, "Unsupported Media Type", "a call is a JSON-RPC 2.0 request: Content-Type: application/json\n"))
        }
        let rpc: JSONRPC.Request
        // Read already by the network thread, before the request's turn in the simulation (RequestRouting).
        switch request.rpc ?? JSONRPC.read(request.body) {
        case .failure(let failure) where failure.notification:
            return logged(Self.noContent, note: "\(failure.code) \(failure.message)")
        case .failure(let failure):
            // A request that does not read may quote what the client sent (a field named
            // with a password, holding a number past 64 bits): it quotes the client.
            return logged(Self.answer(failure, negativeZeroID: failure.negativeZeroID), note: "\(failure.code) \(failure.message)")
        case .success(let read): rpc = read
        }
        let spec = sdk.catalog.call(rpc.method)
        // What the log shows of the call: the device, the method, and each field the call
        // declares and does not mark secret; every other value is `***`.
        let deviceName = request.header(Self.deviceHeader) ?? DeviceID.standard.name
        var shown: [(String, String)] = [("device", deviceName), ("call", rpc.method)]
        for (name, value) in rpc.params.prefix(CallValidator.maxParams) {
            let plain = spec?.field(name).map { !$0.secret } ?? false
            shown.append((name, plain ? Self.text(value) : ScriptWriter.mask))
        }
        // The secrets this call carries: never in its answer nor in the log. A field the
        // catalog marks secret is one for the rest of the session too (the log, the journal,
        // every later answer: docs/double.md, "Secrets"), as a `call` line's is; a value of
        // an unknown method or field only for this call (a misspelt `pasword` is masked
        // here, without masking every later `alice` sent under a misspelt method).
        // A value the world shows openly, a user's ID not shaped like a secret, is no
        // secret even where one goes (a wrong password `alice` for alice): it stays masked
        // in its own field only, so the callbacks keep naming the user, as a script's
        // literal written openly too does (docs/double.md, "Secrets").
        lazy var users = Set(HistoryVocabulary.users(of: session.evaluator.simulation))
        for (name, value) in rpc.params {
            let field = spec?.field(name)
            guard field?.secret ?? true else { continue }
            let text: String
            switch value {
            case .string(let string): text = string
            case .int(let number): text = String(number)
            default: continue
            }
            if !KnownSecrets.mayBeSecret(text), users.contains(text) { continue }
            // The session's ledger masks a secret field from here on; the call's own set
            // holds the rest, and a secret the ledger did not keep (past KnownSecrets.limit).
            if field?.secret == true { session.evaluator.events.secrets.add(text) }
            if field?.secret != true || !session.evaluator.events.secrets.values.knows(text) { secrets.add(text) }
        }
        let failure: JSONRPC.Failure
        do {
            let device = try DeviceID(deviceName)
            let outcomes = try session.evaluator.simulation.perform(sdk: sdk, method: rpc.method, params: rpc.params, on: device)
            session.appCoverage?.count(outcomes, sdk: sdk, device: device.name)
            // Each outcome as every writer shows it: a field its event flags secret by that
            // flag, the values it carries hidden in the whole answer (Outcome.flaggedSecrets),
            // the rest at the edge.
            let flagged = outcomes.map { outcome in
                guard let (written, carries) = outcome.flaggedSecrets else { return outcome }
                for value in carries { secrets.add(value) }
                return written
            }
            let result = Self.result(flagged, sdk: sdk)
            let note = result.syncError.map { "sync error \($0)" }
            guard let id = rpc.id else { return logged(Self.noContent, note: note, parameters: shown) }
            return logged(WireResponse(status: 200, reason: "OK", json: JSONRPC.result(id: id, result.value), negativeZeroID: rpc.negativeZeroID)
                            .quoting(secrets, echoing: ["id"]),
                          note: note, parameters: shown)
        } catch let refusal as DeviceRefusal {
            failure = JSONRPC.Failure(code: JSONRPC.deviceRefused, message: refusal.message, id: rpc.id ?? .null)
        } catch let refusal as DoubleRefusal {
            switch refusal {
            case .device(let device):
                failure = JSONRPC.Failure(code: JSONRPC.deviceRefused, message: device.message, id: rpc.id ?? .null)
            case .call(let call):
                if case .unknownMethod = call {
                    failure = JSONRPC.Failure(code: JSONRPC.methodNotFound, message: call.message, id: rpc.id ?? .null)
                } else {
                    failure = JSONRPC.Failure(code: JSONRPC.invalidParams, message: call.message,
                                              data: call.field.map { .object([("field", .string($0))]) }, id: rpc.id ?? .null)
                }
            }
        } catch {
            failure = JSONRPC.Failure(code: JSONRPC.invalidRequest, message: "\(error)", id: rpc.id ?? .null)
        }
        let note = "\(failure.code) \(failure.message)"
        // A notification hears nothing, not even of an error (JSON-RPC 2.0, "Notification");
        // the log still says why the call was refused.
        guard rpc.id != nil else { return logged(Self.noContent, note: note, parameters: shown) }
        return logged(Self.answer(failure, carrying: secrets, negativeZeroID: rpc.negativeZeroID), note: note, parameters: shown)
    }

    /// `{"events":[…]}` (and `syncError`): every record after the call's own, as
    /// `--format json` prints it without `file`, `line` and `sdk`.
    static func result(_ outcomes: [Outcome], sdk: SDKID) -> (value: JSONValue, syncError: Int?) {
        var syncError: SyncError?
        var rest = outcomes[...]
        if case .call(_, _, let error)? = rest.first {
            syncError = error
            rest = rest.dropFirst()
        }
        let renderer = JSONLinesRenderer()
        let events: [JSONValue] = rest.map { outcome in
            guard case .object(let members) = renderer.object(for: .outcome(outcome, sdk: sdk)) else { return .null }
            return .object(members.filter { $0.0 != "sdk" && $0.0 != "file" && $0.0 != "line" })
        }
        var members: [(String, JSONValue)] = [("events", .array(events))]
        if let syncError {
            members.append(("syncError", .object([("code", .int(syncError.code)), ("message", .string(syncError.message))])))
        }
        return (.object(members), syncError?.code)
    }

    /// 404 for `/sdk/NAME` with no SDK of that name behind it: it quotes the name sent.
    static func noSDK(_ name: String) -> WireResponse {
        Refusals.plain(404, "Not Found", "no SDK '\(CallValidator.quoted(name).escapingControls)' here; /sdk/ has \(sdks.map(\.name).joined(separator: ", "))\n")
            .quoting()
    }

    /// What a notification (a request without `id`) is answered, whatever came of it.
    static let noContent = WireResponse(status: 204, reason: "No Content", contentType: "", body: [])

    /// A JSON-RPC error: it may quote what the client sent (a method, a field's name) and
    /// the call's secrets (`carried`); the request's `id` is the client's own, echoed
    /// exactly. `negativeZeroID`: the id was sent `-0`, and is answered so (JSONRPC.idSpelling).
    static func answer(_ failure: JSONRPC.Failure, carrying carried: KnownSecrets = KnownSecrets(), negativeZeroID: Bool) -> WireResponse {
        WireResponse(status: 200, reason: "OK", json: JSONRPC.error(failure), negativeZeroID: negativeZeroID).quoting(carried, echoing: ["id"])
    }

    static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.serialized
    }
}

// MARK: Routes and their description

extension SDKWire {
    static let journalPath = "/__credsh/journal"

    static func routes(_ limits: ServeLimits) -> [Route<ServeEndpoint>] {
        [
            Route(["POST"], "/sdk/{name}", access: .token, operation: callOperation, .sdkCall),
            Route(["GET", "HEAD"], "/sdk/{name}/events", access: .token, operation: eventsOperation, .sdkEvents),
        ]
    }

    private static var nameParameter: APIParameter {
        APIParameter(name: "name", place: .path, required: true, schema: .enumeration(sdks.map(\.name)))
    }

    private static let deviceParameter = APIParameter(name: deviceHeader, place: .header, required: false, schema: .string)

    private static let unknownSDK = APIResponse(status: 404, description: "No SDK of that name stands behind /sdk/.", contentType: "text/plain")

    static var callOperation: APIOperation {
        let fieldValue = APISchema.oneOf([.string, .integer, .boolean, .array(.any), .anyObject])
        let request = APISchema.object(properties: [
            ("jsonrpc", .constant("2.0")),
            ("id", .oneOf([.string, .integer, .null])),
            ("method", .string),
            ("params", .object(properties: [], additional: true, values: fieldValue)),
        ], required: ["jsonrpc", "method"])
        let event = APISchema.anyObject
        let answer = APISchema.object(properties: [
            ("jsonrpc", .constant("2.0")),
            ("id", .oneOf([.string, .integer, .null])),
            ("result", .object(properties: [
                ("events", .array(event)),
                ("syncError", .object(properties: [("code", .integer), ("message", .string)], required: ["code", "message"])),
            ], required: ["events"])),
            ("error", .object(properties: [("code", .integer), ("message", .string), ("data", .anyObject)], required: ["code", "message"])),
        ], required: ["jsonrpc", "id"])
        return APIOperation(
            summary: "Perform one API call of the SDK for one device, as the app makes it: a JSON-RPC 2.0 request; its callbacks in the result (docs/double.md).",
            needsToken: true, parameters: [nameParameter, deviceParameter],
            requestBody: APIBody(required: true, contentType: "application/json", schema: request),
            responses: [
                APIResponse(status: 200, description: "The JSON-RPC answer: result.events (and result.syncError when the SDK refused the call at once), or an error object (-32700, -32600, -32601, -32602, -32001).",
                            contentType: "application/json", schema: answer),
                APIResponse(status: 204, description: "A notification (a request without id): performed, or refused; either way no body."),
                unknownSDK,
                APIResponse(status: 415, description: "The body is not sent as application/json.", contentType: "text/plain"),
            ])
    }

    static var eventsOperation: APIOperation {
        APIOperation(
            summary: "The device's callbacks that come without a call of their own, as Server-Sent Events (event: callback); the device by Credsh-Device or ?device=; with ?seconds=N the stream ends after N seconds (docs/double.md).",
            needsToken: true,
            parameters: [nameParameter, deviceParameter, APIParameter(name: "device", place: .query, schema: .string),
                         APIParameter(name: "seconds", place: .query, schema: .integer)],
            responses: [
                APIResponse(status: 200, description: "The stream: retry, then one event per callback; an event closed last when over 256 events waited untaken.", contentType: "text/event-stream"),
                APIResponse(status: 400, description: "Not a device ID (1-64 characters of A-Z a-z 0-9 . _ -), Credsh-Device or the token given twice, seconds not from 1 to 3600, or refused by the HTTP layer.", contentType: "text/plain", otherContentTypes: ["text/html"]),
                unknownSDK,
            ])
    }

    static func journalOperation(_ limits: ServeLimits) -> APIOperation {
        APIOperation(
            summary: "A device's calls since it first called or since journal clear, as a .credscript that replays them, or (format=svg) as a sequence diagram (docs/double.md).",
            needsToken: true,
            parameters: [APIParameter(name: "device", place: .query, schema: .string),
                         APIParameter(name: "format", place: .query, schema: .enumeration(["credscript", "svg"]))],
            responses: [
                APIResponse(status: 200, description: "The journal: text/plain, or image/svg+xml with format=svg.", contentType: "text/plain", otherContentTypes: ["image/svg+xml"]),
                APIResponse(status: 400, description: "Not a device ID, Credsh-Device or the token given twice, or a format other than credscript and svg (or refused by the HTTP layer).", contentType: "text/plain", otherContentTypes: ["text/html"]),
                APIResponse(status: 404, description: "No such device: it never called, no line named it, or it was forgotten.", contentType: "application/json",
                            schema: .object(properties: [("error", .string), ("device", .string)], required: ["error", "device"])),
                ServeRoutes.busy(limits),
            ])
    }
}

// MARK: Events and the journal

extension SDKWire {
    /// The device a GET names: `Credsh-Device`, else `?device=` (EventSource sets no
    /// header), else `default`. Either given twice is refused, as two headers are on
    /// every route: which one counts is not guessed.
    private func device(of request: WireRequest) -> Result<DeviceID, DeviceRefusal> {
        let devices = request.count(of: Self.deviceHeader)
        if devices > 1 { return .failure(DeviceRefusal(Refusals.givenTwiceText(Self.deviceHeader, count: devices, says: Self.oneDevice))) }
        let named = FormEncoding.decode(request.query).filter { $0.0 == "device" }
        if devices == 0, named.count > 1 {
            return .failure(DeviceRefusal(Refusals.givenTwiceText("device=", "parameters", count: named.count, says: Self.oneDevice)))
        }
        let name = request.header(Self.deviceHeader) ?? named.first?.1
        guard let name else { return .success(.standard) }
        do { return .success(try DeviceID(name)) } catch { return .failure(error) }
    }

    /// 400 for a device ID that is none; the ID may be a secret sent where none goes: the
    /// answer quotes the client, and the edge masks what the session knows, as in the log.
    private func badDevice(_ refusal: DeviceRefusal) -> WireResponse {
        Refusals.plain(400, "Bad Request", refusal.message.escapingControls + "\n").quoting()
    }

    /// `GET /sdk/NAME/events`: the head now, then the device's callbacks as they come.
    func events(_ request: WireRequest, sdkName: String) -> (WireResponse?, ServeLogEntry) {
        func logged(_ response: WireResponse, note: String? = nil) -> (WireResponse?, ServeLogEntry) {
            (response, ServeLogEntry(client: request.client, method: request.method, path: request.path, status: response.status, note: note))
        }
        guard let sdk = Self.sdks.first(where: { $0.name == sdkName }) else {
            return logged(Self.noSDK(sdkName))
        }
        let device: DeviceID
        switch self.device(of: request) {
        case .failure(let refusal): return logged(badDevice(refusal))
        case .success(let id): device = id
        }
        // `?seconds=N`: the stream ends after N seconds (1 to 3600), as a test that reads
        // what came and goes on wants; without it, when the client goes.
        var seconds: Int?
        if let given = FormEncoding.decode(request.query).last(where: { $0.0 == "seconds" })?.1 {
            guard let number = Int(given), (1...3600).contains(number) else {
                return logged(Refusals.plain(400, "Bad Request", "seconds is a whole number from 1 to 3600\n"))
            }
            seconds = number
        }
        guard let hub = session.eventStreams else {
            return logged(Refusals.plain(404, "Not Found", "no event streams without --control\n"))
        }
        var response = WireResponse(status: 200, reason: "OK", contentType: "text/event-stream;charset=utf-8", body: [])
        response.stream = EventStreams.Opening(hub: hub, key: EventStreams.Key(sdk: sdk.name, device: device.name), seconds: seconds)
        return logged(response, note: "events of device \(device.name)")
    }

    /// `GET /__credsh/journal?device=ID[&format=svg]`.
    func journal(_ request: WireRequest) -> (WireResponse?, ServeLogEntry) {
        func logged(_ response: WireResponse) -> (WireResponse?, ServeLogEntry) {
            // A drawing is logged as it leaves the turn: 200, unless the drawing thread
            // answers 503 (AnswerDrawing), which the note allows for.
            (response, ServeLogEntry(client: request.client, method: request.method, path: request.path, status: response.status,
                                     note: response.drawing == nil ? nil : "drawn off the simulation's turn (503 if too many wait)"))
        }
        let device: DeviceID
        switch self.device(of: request) {
        case .failure(let refusal): return logged(badDevice(refusal))
        case .success(let id): device = id
        }
        let format = FormEncoding.decode(request.query).last { $0.0 == "format" }?.1 ?? "credscript"
        let simulation = session.evaluator.simulation
        // A device never seen (or forgotten) has no journal, not an empty one: a test that
        // misspells its device hears so instead of checking nothing.
        guard simulation.deviceIDs.contains(device) else {
            let error = JSONValue.object([
                ("error", .string("no device '\(device.name)': it never called and no line named it (or it was forgotten)")),
                ("device", .string(device.name)),
            ])
            // A device ID may be a secret sent where none goes: masked as the log masks it.
            return logged(WireResponse(status: 404, reason: "Not Found", json: error).quoting())
        }
        // A journal keeps secret fields masked; a secret the session knows, sent in another
        // field (`userID=` with a password), is a variable of the script (JournalScript),
        // which masks by field and is not masked again by value (a number with a PIN's digits
        // stays a number), and the picture (JournalScript.svg) masks each text, numbers left
        // as they are: either leaves the edge as made (ServeEdge), but for the control token.
        // Either is made off the simulation's turn (AnswerDrawing), from copies taken now.
        let secrets = session.evaluator.events.secrets.values
        var response = WireResponse(status: 200, reason: "OK", contentType: "", body: [])
        switch format {
        case "credscript":
            response.drawing = {
                let text = JournalScript.script(of: simulation, device: device, secrets: secrets)
                return WireResponse(status: 200, reason: "OK", contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
            }
            return logged(response)
        case "svg":
            let table = session.evaluator.table
            response.drawing = {
                let svg = JournalScript.svg(of: simulation, device: device, table: table, secrets: secrets)
                return WireResponse(status: 200, reason: "OK", contentType: "image/svg+xml", body: Array(svg.utf8))
            }
            return logged(response)
        default:
            return logged(Refusals.plain(400, "Bad Request", "format is credscript or svg\n"))
        }
    }
}
