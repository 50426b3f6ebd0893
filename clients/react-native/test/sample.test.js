'use strict';
// The sample app (sample/expiry-screen.js) runs a whole expiry flow against a scenario;
// its journal is asserted.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const path = require('node:path');
const { runControl } = require('..');
const { startServe } = require('../support/serve.js');

function runSample(server, device, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, '..', 'sample', 'expiry-screen.js')], {
      env: { CREDSH_URL: server.url, CREDSH_TOKEN: server.token, CREDSH_DEVICE: device },
    });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`the sample app ran over 60 s:\n${output}`)); }, 60000);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, output }); });
    child.stdin.end(input);
  });
}

test('the sample app: a whole expiry flow with the form\'s checks and alerts', async (t) => {
  const server = await startServe('sdk relid\nuser add alice password "Passw0rd!"\nexpire alice\n');
  t.after(() => server.stop());
  const input = [
    'alice', 'Passw0rd!',
    'Passw0rd!', 'N3w-Passw0rd!', 'N3w-Passw0rd?',
    'Passw0rd!', 'Passw0rd!', 'Passw0rd!',
    '', 'N3w-Passw0rd!', 'N3w-Passw0rd!',
    'Passw0rd!', 'short', 'short',
    'Passw0rd!', 'N3w-Passw0rd!', 'N3w-Passw0rd!',
  ].join('\n') + '\n';
  const { code, output } = await runSample(server, 'rn-sample', input);
  assert.equal(code, 0, output);
  const lines = output.trim().split('\n');
  for (const expected of [
    'screen: UpdateExpiryPassword',
    'error banner: Password has expired. Please contact the admin.',
    'alert "Password Mismatch": New password and confirm password do not match',
    'alert "Invalid New Password": Your new password must be different from your current password',
    'error banner: Please enter your current password',
    'error banner: Password does not meet policy standards',
    'screen: Dashboard (Welcome, alice)',
  ]) assert.ok(lines.includes(expected), `no "${expected}" in:\n${output}`);
  assert.equal(lines.at(-1), 'side menu: Dashboard, Get Notifications, Update Password');
  assert.ok(!output.includes('Passw0rd'), 'the sample app printed a password');
  const run = await runControl(server, [
    'sdk relid', 'device rn-sample',
    'expect calls setUser setPassword updatePassword updatePassword getAllChallenges',
    'expect called updatePassword challengeMode=4',
    'expect no call setPassword challengeMode=4',
    'expect no call resetAuthState',
  ].join('\n') + '\n');
  assert.ok(run.passed, run.failures.join('; ') + '\n' + run.text);
});
