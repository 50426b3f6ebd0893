#!/usr/bin/env python3
"""Reads a JUnit XML file with junitparser, as a CI tool would, and prints what it
found as JSON: each suite's counts and each case's result (its kind, message and
text). credsh's tests compare that with what the scripts did."""
import json
import sys

from junitparser import Error, Failure, JUnitXml, Skipped

xml = JUnitXml.fromfile(sys.argv[1])
suites = []
for suite in xml:
    cases = []
    for case in suite:
        results = []
        for result in case.result:
            kind = "error" if isinstance(result, Error) else "failure" if isinstance(result, Failure) \
                else "skipped" if isinstance(result, Skipped) else type(result).__name__
            results.append({"kind": kind, "message": result.message, "type": result.type, "text": result.text})
        cases.append({"name": case.name, "time": case.time, "passed": case.is_passed,
                      "skipped": case.is_skipped, "results": results})
    suites.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures,
                   "errors": suite.errors, "skipped": suite.skipped, "time": suite.time, "cases": cases})
json.dump({"suites": suites}, sys.stdout)
