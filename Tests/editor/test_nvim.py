"""The documented Neovim setup (editors/nvim/credscript.lua, quoted in editors/README.md)
in the real `nvim --headless` that is installed (Debian's 0.7.2; 0.10+ elsewhere): the file
type, diagnostics with their codes, hover over a command and over a field, completion,
go to definition and the outline, each asked through Neovim's own LSP client."""
import json
import os
import pathlib
import re
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
SETUP = ROOT / "editors" / "nvim" / "credscript.lua"
CREDSH = os.environ.get("CREDSH", str(ROOT / ".build" / "debug" / "credsh"))

# The first line is a comment: Neovim 0.7's fallback took such a file for `conf`. The last
# line says where the probe asks (ROW:COLUMN, 0-based): the field challengeMode, the
# command login, completion after `expect event getPassword `, the variable $who.
SCRIPT = """# A script the editor test opens.
user add alice password "Passw0rd!"
let who = alice
login $who "Passw0rd!"
expect event getPassword challengeMode=4
proc greet name {
  echo hello $name
}
test "expired password" {
  greet $who
}
source helpers.credscript
lgoin alice
expect event getPassword 
# probe 4:27 3:2 13:25 3:8
"""


def run_probe(tmp_path):
    nvim = shutil.which("nvim")
    assert nvim, "nvim is not installed: `make deps` installs Debian's neovim"
    (tmp_path / "helpers.credscript").write_text("echo helping\n")
    script = tmp_path / "probe.credscript"
    script.write_text(SCRIPT)
    out = tmp_path / "probe.json"
    env = dict(os.environ)
    # `credsh` as the setup names it, from PATH; nothing of the user's own configuration.
    env["PATH"] = str(pathlib.Path(CREDSH).resolve().parent) + os.pathsep + env.get("PATH", "")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / name.lower())
    env["NVIM_PROBE_OUT"] = str(out)
    subprocess.run(
        [nvim, "--headless", "-i", "NONE", "-n", "-u", str(SETUP), str(script),
         "-c", "luafile " + str(HERE / "nvim_probe.lua")],
        cwd=tmp_path, env=env, timeout=120, check=True, stdin=subprocess.DEVNULL, capture_output=True,
    )
    return json.loads(out.read_text())


def test_the_documented_setup_works_in_the_installed_neovim(tmp_path):
    seen = run_probe(tmp_path)
    detail = json.dumps(seen, indent=1)
    assert seen["filetype"] == "credscript", detail
    assert seen["commentstring"] == "# %s", detail
    assert seen["attached"] and seen["diagnosed"], detail
    assert seen["omnifunc"] == "v:lua.vim.lsp.omnifunc", detail
    # Diagnostics: the misspelt command, with its code and the link to the codes' page.
    by_line = {d["line"]: d for d in seen["diagnostics"]}
    assert 12 in by_line and "unknown command 'lgoin'" in by_line[12]["message"], detail
    assert by_line[12]["code"] == "CS0301", detail
    assert re.fullmatch(r"file:///.*/docs/diagnostics\.md#cs0301", by_line[12]["href"] or ""), detail
    # Hover: the field, from the SDK's catalogue; the command, its help.
    assert seen["hover_field"] and "field challengeMode of getPassword" in seen["hover_field"], detail
    assert "kind:        integer" in seen["hover_field"], detail
    assert seen["hover_command"] and "login" in seen["hover_command"], detail
    # Completion: the fields of the event named before the cursor.
    assert "challengeMode=" in seen["completion"] or "challengeMode" in seen["completion"], detail
    # Definition: $who goes to its let (line 2).
    assert seen["definition"] == [2], detail
    # The outline: the procedure, the named test, the sourced file, the variables.
    for name in ("proc greet name", 'test "expired password"', "source helpers.credscript", "$who"):
        assert name in seen["symbols"], detail


def test_the_readme_quotes_the_setup_file():
    readme = (ROOT / "editors" / "README.md").read_text()
    blocks = re.findall(r"```lua\n(.*?)```", readme, re.S)
    assert SETUP.read_text() in blocks, "editors/README.md's Neovim block is editors/nvim/credscript.lua, word for word"
