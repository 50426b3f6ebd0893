'use strict';
// The drop-in for react-native-rdna-client driven by an app layer written the codelab's
// way (sample/codelab: RdnaService, RdnaEventManager, the screens), unchanged, against a
// real credsh serve: the expiry update, the dashboard's update from the menu, the logoff
// chain, and a reset between two runs.
require('../support/alias.js');
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServe, credshBinary } = require('../support/serve.js');
const { runControl, resetWorld } = require('..');
const RdnaClient = require('react-native-rdna-client');
const { NativeModules, NativeEventEmitter } = require('react-native');
const RdnaEventManager = require('../sample/codelab/rdnaEventManager.js');
const RdnaService = require('../sample/codelab/rdnaService.js');
const CodelabApp = require('../sample/codelab/app.js');

const SCENARIO = 'sdk relid\nuser add alice password "Passw0rd!"\nexpire alice\n';

/** A fresh app instance: the codelab's singletons made anew, the drop-in pointed at the server. */
function launch(server, device, user) {
  if (RdnaEventManager.instance) RdnaEventManager.instance.cleanup();
  RdnaService.instance = null;
  RdnaClient.credsh.configure({ url: server.url, token: server.token, device });
  return new CodelabApp(user);
}

test('the codelab app through expiry, an update from the menu and the logoff chain, twice with a reset between', async (t) => {
  const server = await startServe(SCENARIO);
  t.after(() => server.stop());
  for (const round of [1, 2]) {
    await resetWorld(server);
    const app = launch(server, 'rn-codelab', {
      name: 'alice', password: 'Passw0rd!', updateFromMenu: true,
      updates: [['Passw0rd!', 'N3w-Passw0rd!'], ['N3w-Passw0rd!', 'An0ther-Pass1!']],
    });
    await app.start();
    await RdnaClient.credsh.whenIdle();
    assert.deepEqual(app.screens, [
      'Initialized session=credsh-app',
      'CheckUser 100',
      'VerifyPassword alice 100 attempts=3',
      'UpdateExpiryPassword 118 policy',
      'Dashboard alice session=credsh-user-alice type=1',
      'Menu ["Password"]',
      'UpdatePassword 100 policy',
      // The logoff chain after an accepted update: the SDK logs the user off and asks for a user.
      'UpdateCredentialResponse Password 100',
      'LoggedOff alice',
      'CheckUser 100',
    ], `round ${round}`);
    const run = await runControl(server, [
      'sdk relid', 'device rn-codelab',
      'expect calls setUser setPassword updatePassword getAllChallenges initiateUpdateFlowForCredential updatePassword',
      'expect no call logOff',
      'expect called updatePassword challengeMode=4',
      'expect called updatePassword challengeMode=2',
    ].join('\n') + '\n');
    assert.ok(run.passed, `round ${round}: ${run.failures.join('; ')}\n${run.text}`);
  }
  // The journal the app's second run left (the reset emptied the first's) replays after the scenario.
  const answer = await fetch(`${server.url}/__credsh/journal?device=rn-codelab`, { headers: { Authorization: `Bearer ${server.token}` } });
  const journal = await answer.text();
  assert.equal(journal.split('call setUser').length - 1, 1, journal);
  const secrets = {
    password1: 'Passw0rd!', currentPassword1: 'Passw0rd!', newPassword1: 'N3w-Passw0rd!',
    currentPassword2: 'N3w-Passw0rd!', newPassword2: 'An0ther-Pass1!',
  };
  assert.equal(replay(SCENARIO + journal, secrets), 0);
});

/** `credsh test` on a script, each secret bound from the environment; its exit status. */
function replay(script, secrets) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'credsh-rn-replay-'));
  try {
    const file = path.join(directory, 'replay.credscript');
    fs.writeFileSync(file, script);
    const bound = Object.keys(secrets).flatMap((name) => ['--secret', name]);
    const result = spawnSync(credshBinary(), ['test', ...bound, file], {
      env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: directory, ...secrets }, encoding: 'utf8',
    });
    if (result.status !== 0) console.error(result.stdout, result.stderr);
    return result.status;
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

test('each sync callback answers as the vendor does; events reach every NativeEventEmitter as JSON text', async (t) => {
  const server = await startServe('sdk relid\nuser add alice password "Passw0rd!"\n');
  t.after(() => server.stop());
  RdnaClient.credsh.configure({ url: server.url, token: server.token, device: 'rn-shape' });
  assert.equal(NativeModules.RdnaClient, RdnaClient);
  const raw = [];
  const subscription = new NativeEventEmitter(NativeModules.RdnaClient).addListener('getPassword', (event) => raw.push(event));
  t.after(() => subscription.remove());
  const answer = await new Promise((resolve) => RdnaClient.setUser('alice', resolve));
  assert.deepEqual(answer, { error: { longErrorCode: 0, shortErrorCode: 0, errorString: 'Success' } });
  await RdnaClient.credsh.whenIdle();
  assert.equal(raw.length, 1);
  assert.equal(typeof raw[0].response, 'string');
  const data = JSON.parse(raw[0].response);
  assert.equal(data.challengeResponse.status.statusCode, 100);
  assert.equal(data.challengeResponse.session.sessionID, 'credsh-app');
  assert.ok(Array.isArray(data.challengeResponse.challengeInfo));
  assert.equal(data.challengeMode, 0);
  // Out of turn: the SDK's synchronous error, in the vendor's shape.
  const refused = await new Promise((resolve) => RdnaClient.setUser('alice', resolve));
  assert.ok(refused.error.longErrorCode > 0, JSON.stringify(refused));
  assert.equal(refused.error.shortErrorCode, refused.error.longErrorCode);
  assert.equal(typeof refused.error.errorString, 'string');
  await RdnaClient.credsh.whenIdle();
});
