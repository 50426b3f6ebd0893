import CredLanguage
import CredSimulator

/// `credsh check` follows `source` lines as a run would, without running anything: each
/// file a `source` line names with a written-out path is read and checked with the SDK
/// active on that line, at most `maximumSourceDepth` deep and each file once. A file that
/// cannot be read is reported at the `source` line (exit 4), a file that sources itself,
/// directly or through others, as a cycle (exit 2): a run of it could only stop at the
/// depth bound, since the language has no condition to end the recursion.
extension Evaluator {
    public func checkFollowingSources(_ source: SourceFile) -> Bool {
        var checked: Set<String> = [source.name]
        var variables = UnboundVariables()
        var ok = checkFollowingSources(source, sdk: nil, chain: [], checked: &checked, variables: &variables)
        // Only a file that parses: a line with an error may have held the binding.
        if ok {
            for (diagnostic, file) in variables.problems(given: givenFromOutside) {
                events.publish(.syntaxError(diagnostic, source: file))
                ok = false
            }
        }
        return ok
    }

    private func checkFollowingSources(_ source: SourceFile, sdk: SDKID?, chain: [String], checked: inout Set<String>,
                                       variables: inout UnboundVariables) -> Bool {
        let script = parse(source, sdk: sdk)
        var ok = report(script)
        var links: [(path: String, position: SourcePosition, sdk: SDKID)] = []
        // The held statements, or (a source too large to hold) each read again.
        var parser = makeReader(source, sdk: sdk)
        var held = (script.statements ?? []).enumerated().makeIterator()
        func next() -> (Statement, SDKID)? {
            if script.statements != nil { return held.next().map { ($0.element, script.sdkAfter[$0.offset]) } }
            return parser.nextStatement().map { ($0, parser.sdk) }
        }
        while let (statement, sdkAfter) = next() {
            variables.add(statement, in: source)
            var pending = [statement]
            while let next = pending.popLast() {
                pending += next.body
                guard case .command(let call) = next, call.spec.name == "source",
                      case .single(let path)? = call.arguments.all.first, case .text(let text)? = path.literalValue else { continue }
                links.append((text, call.position, sdkAfter))
            }
        }
        let here = chain + [source.name]
        for link in links {
            let included: SourceFile
            do { included = try host.loadScript(link.path, includingFile: source.name) } catch {
                fail(Diagnostic(.cannotRead, "cannot source \(link.path): \(error.message)", file: source.name, at: link.position), source)
                ok = false
                continue
            }
            if let start = here.firstIndex(of: included.name) {
                let cycle = (here[start...] + [included.name]).joined(separator: " → ")
                fail(Diagnostic(.sourceCycle, "\(included.name) is already being sourced: a cycle (\(cycle)) that a run repeats until it is \(Limits.standard.sourceDepth) deep",
                                file: source.name, at: link.position), source)
                ok = false
                continue
            }
            guard here.count < Limits.standard.sourceDepth else {
                fail(Diagnostic(.sourceCycle, "source is nested more than \(Limits.standard.sourceDepth) deep here", file: source.name, at: link.position), source)
                ok = false
                continue
            }
            guard checked.insert(included.name).inserted else { continue }
            if !checkFollowingSources(included, sdk: link.sdk, chain: here, checked: &checked, variables: &variables) { ok = false }
        }
        return ok
    }
}
