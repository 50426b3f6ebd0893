import CredLanguage
import CredScript
import CredSimulator

/// What `credsh coverage merge` prints: one line for the runs added up, one per SDK, and,
/// under `--min`, the verdict and every item never met (docs/coverage.md, "Coverage of an
/// app"). Only items credsh can produce, in the SDKs the runs used, are counted.
package enum CoverageSummary {
    package static func text(_ run: CoverageRun, files: Int) -> String {
        let report = run.report
        let counted = CoverageDocument.counted(report)
        var out = "coverage of \(run.runs) run\(run.runs == 1 ? "" : "s") (\(files) file\(files == 1 ? "" : "s")): "
        out += "\(counted.met) of \(counted.items) items met in the SDKs used (\(percent(counted.met, of: counted.items)))\n"
        for sdk in report {
            let numbers = "\(sdk.reachableHit) of \(sdk.reachableCount) met"
            out += "  \(sdk.sdk.name): " + (sdk.used ? "\(numbers) (\(percent(sdk.reachableHit, of: sdk.reachableCount)))" : "not used") + "\n"
        }
        return out
    }

    /// `22.9%`, rounded down: a share shown as 50.0% is never below a --min of 50.
    package static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "no items" }
        let tenths = part * 1000 / whole
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// Whether `met` of `items` reaches `hundredths` of a percent (7250: 72.5%).
    package static func reaches(_ met: Int, of items: Int, hundredths: Int) -> Bool {
        items > 0 && met * 10_000 >= hundredths * items
    }

    /// A percent from 0 to 100 with at most two decimals (`80`, `72.5`), in hundredths; nil otherwise.
    package static func hundredths(_ text: String) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 3, whole.allSatisfy(\.isASCII), let units = Int(whole), units >= 0 else { return nil }
        var fraction = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else { return nil }
            fraction = digits.count == 1 ? value * 10 : value
        }
        let total = units * 100 + fraction
        return total <= 10_000 ? total : nil
    }

    /// `--min`'s verdict: the share reaches it, or falls short of it, and then every item
    /// never met, one a line (terminal-safe).
    package static func gate(_ run: CoverageRun, hundredths minimum: Int) -> (passed: Bool, text: String) {
        let counted = CoverageDocument.counted(run.report)
        let share = percent(counted.met, of: counted.items)
        let fraction = minimum % 100 == 0 ? "" : minimum % 10 == 0 ? ".\(minimum % 100 / 10)" : (minimum % 100 < 10 ? ".0" : ".") + "\(minimum % 100)"
        let wanted = "\(minimum / 100)\(fraction)%"
        if reaches(counted.met, of: counted.items, hundredths: minimum) {
            return (true, "coverage \(share) reaches --min \(wanted)\n")
        }
        let never = neverMet(run)
        let verdict = counted.items == 0
            ? "coverage below --min \(wanted): the runs met nothing of any SDK\n"
            : "coverage \(share) is below --min \(wanted); never met (\(never.count)):\n"
        return (false, verdict + never.map { "  " + TerminalSafe.text($0) + "\n" }.joined())
    }

    /// Each item never met, one a line: `relid, status code: 118 PASSWORD_EXPIRED`; items
    /// credsh never produces and SDKs not used are left out, as in the count.
    package static func neverMet(_ run: CoverageRun) -> [String] {
        run.report.filter(\.used).flatMap { sdk in
            sdk.lines.filter { $0.listed && $0.reachable && $0.hits == 0 }
                .map { "\(sdk.sdk.name), \($0.item.key.kind): \($0.item.label)" }
        }
    }
}
