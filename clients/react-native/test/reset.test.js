'use strict';
// A world per test and steered journals (docs/double.md, "A world per test", "Steered tests
// replay"): the same expiry flow passes twice with resetWorld between, as a UI test's
// beforeEach calls it; a journal with a control run between the app's calls replays with
// `credsh test`.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { RdnaDouble, RDNAChallengeOpMode, runControl, resetWorld } = require('..');
const { startServe, credshBinary } = require('../support/serve.js');

const SCENARIO = 'sdk relid\nuser add alice password "Passw0rd!"\nexpire alice\n';

/** The app's expiry flow on a fresh app instance; resolves with the events it met. */
async function expiryFlow(server, device) {
  const rdna = new RdnaDouble({ url: server.url, token: server.token, device });
  const seen = [];
  rdna.addListener('getPassword', (e) => {
    seen.push(`getPassword ${e.challengeMode} ${e.statusCode}`);
    if (e.challengeMode === RDNAChallengeOpMode.RDNA_CHALLENGE_OP_VERIFY) rdna.setPassword('Passw0rd!', e.challengeMode);
    if (e.challengeMode === RDNAChallengeOpMode.RDNA_OP_UPDATE_ON_EXPIRY) {
      rdna.updatePassword('Passw0rd!', 'N3w-Passw0rd!', e.challengeMode).catch(() => {});
    }
  });
  rdna.addListener('onUserLoggedIn', (e) => seen.push(`onUserLoggedIn ${e.statusCode}`));
  await rdna.setUser('alice');
  await rdna.whenIdle();
  return seen;
}

test('the flow that changes the password passes twice with a reset between', async (t) => {
  const server = await startServe(SCENARIO);
  t.after(() => server.stop());
  const expected = ['getPassword 0 100', 'getPassword 4 118', 'onUserLoggedIn 100'];
  const check = 'sdk relid\ndevice rn-reset\nexpect calls setUser setPassword updatePassword\n';
  for (const round of [1, 2]) {
    // A UI test's beforeEach.
    await resetWorld(server);
    assert.deepEqual(await expiryFlow(server, 'rn-reset'), expected, `round ${round}`);
    const run = await runControl(server, check);
    assert.ok(run.passed, `round ${round}: ${run.failures.join('; ')}\n${run.text}`);
  }
  // Without the reset, the password the flow changed stays changed: no 118 again.
  assert.notDeepEqual(await expiryFlow(server, 'rn-reset-2'), expected);
  await assert.rejects(resetWorld({ url: server.url, token: 'not-the-token' }), /401/);
});

test('a journal with a control run between the calls replays with credsh test', async (t) => {
  const server = await startServe('sdk relid\nuser add alice password "Passw0rd!"\n');
  t.after(() => server.stop());
  const rdna = new RdnaDouble({ url: server.url, token: server.token, device: 'rn-steered' });
  const modes = [];
  rdna.addListener('getPassword', (e) => modes.push(e.challengeMode));
  await rdna.setUser('alice');
  await rdna.whenIdle();
  // The test steers between setUser and setPassword.
  assert.ok((await runControl(server, 'sdk relid\nexpire alice\n')).passed);
  await rdna.setPassword('Passw0rd!', 0);
  await rdna.whenIdle();
  await rdna.updatePassword('Passw0rd!', 'N3w-Passw0rd!', 4);
  await rdna.whenIdle();
  assert.deepEqual(modes, [0, 4]);
  const answer = await fetch(`${server.url}/__credsh/journal?device=rn-steered`, { headers: { Authorization: `Bearer ${server.token}` } });
  const journal = await answer.text();
  assert.match(journal, /# steering: a control run between the calls/);
  assert.ok(!journal.includes('Passw0rd!'));
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'credsh-rn-journal-'));
  t.after(() => fs.rmSync(directory, { recursive: true, force: true }));
  const file = path.join(directory, 'steered.credscript');
  fs.writeFileSync(file, 'sdk relid\nuser add alice password "Passw0rd!"\n' + journal);
  const secrets = { password1: 'Passw0rd!', currentPassword1: 'Passw0rd!', newPassword1: 'N3w-Passw0rd!' };
  const bound = Object.keys(secrets).flatMap((name) => ['--secret', name]);
  const env = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: directory, ...secrets };
  // Throws (a non-zero exit) when a check fails.
  execFileSync(credshBinary(), ['check', ...bound, file], { env, stdio: 'pipe' });
  const out = execFileSync(credshBinary(), ['test', ...bound, file], { env, stdio: 'pipe' }).toString();
  assert.match(out, /1 passed, 0 failed/);
});
