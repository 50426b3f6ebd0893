#!/usr/bin/env python3
"""Reads a TAP stream with tap.py (the PyPI package `tap.py`), as a CI job using it
would, and prints what it found as JSON: whether tap.py's runner (`tappy`) calls the
stream a success, what it complained of, and which test points passed, failed and were
skipped, with the plan. credsh's tests compare that with what prove and TAP::Parser read."""
import io
import json
import sys
import unittest

from tap.line import Plan, Result
from tap.loader import Loader
from tap.parser import Parser

path = sys.argv[1]
passed, failed, skipped, plan, yaml_blocks = [], [], [], None, 0
for line in Parser().parse_file(path):
    if isinstance(line, Result):
        # As TAP::Parser counts them: a skipped point passed too.
        (passed if line.ok else failed).append(line.number)
        if line.skip:
            skipped.append(line.number)
        if line.yaml_block is not None:
            yaml_blocks += 1
    elif isinstance(line, Plan):
        plan = "1..%d" % line.expected_tests

# What `tappy FILE` does: each test point becomes a unittest case, and so does each
# problem with the stream (a misplaced plan, a count that does not match it).
stream = io.StringIO()
outcome = unittest.TextTestRunner(stream=stream, verbosity=0).run(Loader().load([path]))
# A failed test point's description starts with "- " (its own); tap.py's complaints do not.
complaints = [case.shortDescription() for case, _ in outcome.failures + outcome.errors
              if not (case.shortDescription() or "").startswith("- ")]
json.dump({"success": outcome.wasSuccessful(), "complaints": complaints, "passed": passed,
           "failed": failed, "skipped": skipped, "plan": plan, "yamlBlocks": yaml_blocks}, sys.stdout)
