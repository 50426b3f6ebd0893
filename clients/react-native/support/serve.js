'use strict';
// A real release `credsh serve --control` for one test (README.md, "Tests"): the binary
// from CREDSH, or ../../.build/release/credsh from this folder; the scenario written to a
// file; the address and token read from serve's first line (--format json). Every wait is
// bounded; stop() sends SIGINT (SIGKILL past 10 s).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// A test process that ends early (killed, a crash) takes its servers with it.
const running = new Set();
process.on('exit', () => { for (const child of running) child.kill('SIGKILL'); });

function credshBinary() {
  return process.env.CREDSH || path.resolve(__dirname, '..', '..', '..', '.build', 'release', 'credsh');
}

async function startServe(scenario) {
  const binary = credshBinary();
  if (!fs.existsSync(binary)) throw new Error(`no credsh binary at ${binary}: run \`make build\` in the repository (or set CREDSH)`);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'credsh-rn-'));
  const script = path.join(directory, 'scenario.credscript');
  fs.writeFileSync(script, scenario);
  const child = spawn(binary, ['serve', '--port', '0', '--control', '--format', 'json', script], {
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: directory }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  const banner = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`credsh serve printed no address within 30 s:\n${log}`)), 30000);
    child.stdout.on('data', (d) => {
      log += d;
      for (const line of log.split('\n')) {
        try {
          const record = JSON.parse(line);
          if (record.serving) { clearTimeout(timer); resolve(record); return; }
        } catch (_) { /* not the banner */ }
      }
    });
    child.on('exit', () => { clearTimeout(timer); reject(new Error(`credsh serve exited:\n${log}`)); });
  });
  // Requests wait until the scenario has run; a scenario that failed closes the port.
  try {
    const ready = await fetch(`${banner.serving}/__credsh/run`, {
      method: 'POST', headers: { Authorization: `Bearer ${banner.token}`, 'Content-Type': 'text/plain' }, body: '\n',
    });
    await ready.text();
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`credsh serve did not serve after its scenario (${error.cause || error}); it printed:\n${log}`);
  }
  return {
    url: banner.serving,
    token: banner.token,
    get log() { return log; },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

module.exports = { startServe, credshBinary };
