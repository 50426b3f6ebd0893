/// Devices and their journals (docs/double.md, "Devices"). The SDK values in the slots
/// always hold the device in front; every other device's SDK side waits in `parked`.
/// Entering a device parks the one in front and installs the other: every command of the
/// language then acts for it unchanged, and the server side never moves.
extension Simulation {
    /// At most this many devices, `default` included; entering one more is refused.
    public static let maxDevices = 256

    /// Every device seen so far, sorted, `default` among them.
    public var deviceIDs: [DeviceID] { (Array(parked.keys) + [device]).sorted() }

    /// Makes `id` the device in front. A device seen for the first time starts as a copy
    /// of `default`'s SDK side at this moment, or as the scenario left it once
    /// `fixScenario` fixed that: the app installed and registered before the test (a
    /// simulator decision). Its journal starts with the steering runs since the scenario.
    public mutating func enter(device id: DeviceID) throws(DeviceRefusal) {
        guard id != device else { return }
        let target: ParkedDevice
        if let known = parked[id] {
            target = known
        } else {
            guard parked.count + 1 < Self.maxDevices else {
                throw DeviceRefusal("at most \(Self.maxDevices) devices; '\(id.name)' would be one more (devices forget ID frees one)")
            }
            target = id == .standard ? parkedDefault() : (scenarioDevice ?? parked[.standard] ?? current())
            if id != .standard, journals[id] == nil, !steeringSinceScenario.steering.isEmpty { journals[id] = steeringSinceScenario }
        }
        parked[device] = current()
        parked[id] = nil
        install(target)
        device = id
    }

    /// `devices forget ID`: the device's SDK side, network and journal are dropped, and
    /// its place among the `maxDevices` is free. Seen again, it starts as a new device (a
    /// copy of `default`). `default` and the device in front cannot be forgotten.
    public mutating func forget(device id: DeviceID) throws(DeviceRefusal) {
        guard id != .standard else { throw DeviceRefusal("the device default cannot be forgotten") }
        guard id != device else {
            throw DeviceRefusal("'\(id.name)' is the current device; 'device default' first, then forget it")
        }
        guard parked.removeValue(forKey: id) != nil else { throw DeviceRefusal("no device '\(id.name)' to forget") }
        journals[id] = nil
    }

    /// The SDK side of the device in front, as it would be parked.
    func current() -> ParkedDevice {
        ParkedDevice(sides: slots.map { deviceSide(of: $0!) }, networkUp: world.network.networkUp)
    }

    /// `default` is always known; this is only reached if it somehow was not parked.
    private func parkedDefault() -> ParkedDevice { parked[.standard] ?? current() }

    private mutating func install(_ parked: ParkedDevice) {
        for index in slots.indices {
            var sdk = slots[index].take()!
            CredSimulator.install(parked.sides[index], into: &sdk)
            slots[index] = sdk
        }
        world.network.networkUp = parked.networkUp
    }

    // MARK: Calls and the journal

    /// The journal of the device in front.
    public var journal: DeviceJournal { journals[device] ?? DeviceJournal() }

    /// The journal of any device; an empty one for a device that never called.
    public func journal(of id: DeviceID) -> DeviceJournal { journals[id] ?? DeviceJournal() }

    /// `journal clear`: the device in front starts a new journal.
    public mutating func clearJournal() { journals[device] = nil }

    /// Performs a validated call on the device in front and keeps it in its journal.
    public mutating func perform(_ call: ValidatedCall) -> [Outcome] {
        let index = call.sdk.index
        var sdk = slots[index].take()!
        let outcomes = CredSimulator.perform(call, on: &sdk, world: world)
        slots[index] = sdk
        let entry = JournalEntry(sdk: call.sdk, method: call.method, arguments: call.maskedArguments,
                                 secretFields: call.spec.fields.filter(\.secret).map(\.name), outcomes: outcomes)
        journals[device, default: DeviceJournal()].append(entry, others: journalBytes(besides: device))
        return outcomes
    }

    /// The bytes every device's journal but `id`'s holds (JournalBudget.allBytes): summed
    /// at each call, at most 256 journals, so no running total can drift from them.
    func journalBytes(besides id: DeviceID) -> Int {
        var total = 0
        for (device, journal) in journals where device != id { total += journal.bytes }
        return total
    }

    /// The wire's entry: validates `method` and `params` (JSON, so each value of its
    /// field's kind) against `sdk`'s catalog and performs it for `id`, then puts the device
    /// that was in front back.
    public mutating func perform(sdk: SDKID, method: String, params: [(String, JSONValue)],
                                 on id: DeviceID) throws(DoubleRefusal) -> [Outcome] {
        let call: ValidatedCall
        switch CallValidator.validate(sdk: sdk, method: method, params: params, typed: true) {
        case .success(let valid): call = valid
        case .failure(let refusal): throw .call(refusal)
        }
        let index = call.sdk.index
        guard id != device, parked[id]?.sides.indices.contains(index) == true else {
            // The device in front, or one never seen (it starts as a copy of `default`): the whole way.
            let before = device
            do { try enter(device: id) } catch { throw .device(error) }
            defer { try? enter(device: before) }
            return perform(call)
        }
        // A device seen before: a call changes only its own SDK's side and the world, so
        // only that slot (and the device's network) is swapped in and back, not every
        // SDK's: the same outcome as entering the device and leaving it, for a quarter of
        // the copying (the wire makes every call this way; docs/double.md, "Speed").
        let before = device
        var sdk = slots[index].take()!
        let frontSide = deviceSide(of: sdk)
        let frontNetwork = world.network.networkUp
        CredSimulator.install(parked[id]!.sides[index], into: &sdk)
        world.network.networkUp = parked[id]!.networkUp
        slots[index] = sdk
        device = id
        let outcomes = perform(call)
        device = before
        sdk = slots[index].take()!
        parked[id]?.sides[index] = deviceSide(of: sdk)
        parked[id]?.networkUp = world.network.networkUp
        CredSimulator.install(frontSide, into: &sdk)
        world.network.networkUp = frontNetwork
        slots[index] = sdk
        return outcomes
    }
}
