import CredLanguage
import CredScript
import CredSimulator

/// How `credsh test --coverage` prints what a suite hit: per SDK, every item of its
/// coverage model (callbacks, codes by kind, screens, policy rules, transitions) with how
/// often the suite's outcomes hit it, or `never`; as text, or with `--format json` one
/// JSON object per item. Items come in the models' order, so the bytes do not depend on
/// the order the scripts finished in.
package enum CoverageReport {
    package static func text(_ report: [SDKCoverage], scripts: Int, shard: Shard?, style: Style) -> String {
        let of = shard.map { "shard \($0.label), " } ?? ""
        var out = "coverage (\(of)\(scripts) script\(scripts == 1 ? "" : "s")): how often their outcomes hit each item; never: not once\n"
        for sdk in report {
            out += "\(sdk.sdk.name): \(sdk.reachableHit) of \(sdk.reachableCount) hit\n"
            for (kind, lines) in sdk.kinds {
                out += "  \(kind)\n"
                for line in lines {
                    let hits: String
                    if line.hits > 0 {
                        hits = String(line.hits) + (line.listed ? "" : " (not listed)")
                    } else {
                        hits = line.reachable ? style.failure("never") : "never (credsh never produces it)"
                    }
                    out += "    \(line.item.label): \(hits)\n"
                }
            }
        }
        let listed = report.reduce(0) { $0 + $1.reachableCount }, hit = report.reduce(0) { $0 + $1.reachableHit }
        out += "coverage: \(hit) of \(listed) items hit\n"
        return out
    }

    package static func json(_ report: [SDKCoverage]) -> String {
        var out = ""
        for sdk in report {
            for line in sdk.lines {
                out += JSONValue.object(CoverageDocument.fields(line, sdk: sdk.sdk, kindKey: "coverage")).serialized + "\n"
            }
        }
        return out
    }
}
