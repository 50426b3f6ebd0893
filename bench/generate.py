#!/usr/bin/env python3
"""Writes the scripts bench/run.sh times, into the folder given."""
import sys, os

out = sys.argv[1]
# `generate.py OUT report` writes only the report suite (below), for measuring --html alone.
only_report = sys.argv[2:] == ["report"]

def write(name, lines):
    with open(os.path.join(out, name), "w") as f:
        f.write("\n".join(lines) + "\n")

def report_suite():
    """1,000 scripts for `credsh test --html`: one in ten fails (a wrong expectation, in
    each SDK in turn), so the page holds 100 failures with their diagrams."""
    folder = os.path.join(out, "report")
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    failing = [
        ["sdk onewelcome", "user add bob pin 52817", "login bob 52817", "changepin", "expect last event didChangePin"],
        ["sdk susi", 'user add dave@example.com password "secret12"', "login dave@example.com secret12",
         'update secret12 "newpass34"', "expect event response status=422"],
        ["sdk fiori", 'user add carol passcode "Abcdefg1"', 'login carol "Abcdefg1"', "changepasscode",
         'passcode "Abcdefg1"', "expect event 1 showScreen"],
        ["user add alice", "login alice", "expect event getPassword challengeMode=0"],
    ]
    for i in range(1_000):
        if i % 10 == 9:
            lines = failing[(i // 10) % len(failing)]
        else:
            user, old = f"user{i}", f"Pass-{i}-word"
            lines = [f'user add {user} password "{old}"', f'login {user} "{old}"',
                     "expect event onUserLoggedIn statusCode=100", "logout", f"expect state {user} logged-out"]
        write(f"report/script-{i:04}.credscript", lines)

report_suite()
if only_report:
    sys.exit(0)

cheap = ["echo hello", "clock advance 1s", "let x = 5", "state"]
write("cheap.credscript", [cheap[i % 4] for i in range(100_000)])

passwords = [f"Pass-{i}-word" for i in range(4)]  # history=3: four passwords never collide
cycles = ['user add alice password "Pass-0-word"', "policy password history=3"]
for i in range(10_000):
    current, new = passwords[i % 4], passwords[(i + 1) % 4]
    cycles += [f'login alice "{current}"', "initiate Password", f'update "{current}" "{new}"',
               "expect event onUpdateCredentialResponse statusCode=100"]
write("cycles.credscript", cycles)
write("cycles-kdf1.credscript", ["kdf 1"] + cycles)

accounts = [f"user add user{i}" for i in range(1_000_000)]
write("accounts.credscript", accounts)
write("accounts-cycles.credscript", accounts + cycles)

# A QA suite for `credsh test -j N`: 400 scripts, each a short flow in its own simulation
# (a sign-up, logins, a wrong password, an update, a logout). Every fourth script also
# gets an empty .expected that bench/run.sh fills with `credsh test --update`, so the
# golden-transcript comparison is part of what is timed.
suite = os.path.join(out, "suite")
os.makedirs(suite, exist_ok=True)
for name in os.listdir(suite):
    os.remove(os.path.join(suite, name))
for i in range(400):
    user = f"user{i}"
    old, new = f"Pass-{i}-word", f"Next-{i}-word"
    lines = [
        f'user add {user} password "{old}"',
        f'login {user} "{old}"',
        "expect event onUserLoggedIn statusCode=100",
        "logout",
        f'login {user} "wrong-{i}"',
        "expect event getPassword statusCode=102",
        f'password "{old}"',
        "initiate Password",
        f'update "{old}" "{new}"',
        "expect event onUpdateCredentialResponse statusCode=100",
        f'login {user} "{new}"',
        f"expect state {user} logged-in",
    ]
    write(f"suite/flow-{i:03}.credscript", lines)
    if i % 4 == 0:
        open(os.path.join(suite, f"flow-{i:03}.expected"), "w").close()
