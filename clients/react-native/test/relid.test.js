'use strict';
// The REL-ID double for React Native against a real credsh serve: the flows of
// docs/relid.md driven through the event emitter as the codelab's service layer does,
// each test ending with the control-API run a UI test ends with.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { RdnaDouble, RDNAChallengeOpMode, EVENTS, runControl } = require('..');
const { startServe } = require('../support/serve.js');

// credsh serve activates its served SDK (SUSI) first: a scenario names its own.
const ALICE = 'sdk relid\nuser add alice password "Passw0rd!"\n';

/** Writes every event down as a line, as the tests compare them. */
function record(rdna) {
  const lines = [];
  for (const name of EVENTS) {
    rdna.addListener(name, (e) => {
      const status = e.statusCode === undefined ? '' : ` status=${e.statusCode}`;
      const mode = e.challengeMode === undefined ? '' : ` mode=${e.challengeMode} attempts=${e.attemptsLeft}`;
      const options = e.options ? ` ${JSON.stringify(e.options)}` : '';
      lines.push(`${name} ${e.userID ?? e.recentLoggedInUser}${mode}${status}${options}`);
    });
  }
  return lines;
}

async function expectJournal(server, device, lines) {
  const run = await runControl(server, `sdk relid\ndevice ${device}\n${lines}\n`);
  assert.ok(run.passed, `journal of ${device}: ${run.failures.join('; ')}\n${run.text}`);
}

test('an expired password is replaced in mode 4, as the codelab screens answer', async (t) => {
  const server = await startServe(ALICE + 'expire alice\n');
  t.after(() => server.stop());
  const rdna = new RdnaDouble({ url: server.url, token: server.token, device: 'rn-expiry' });
  const lines = record(rdna);
  // The service layer's handlers, as the app wires them.
  const updates = [['Wr0ng-Passw0rd', 'N3w-Passw0rd!'], ['Passw0rd!', 'N3w-Passw0rd!']];
  rdna.addListener('getPassword', (e) => {
    if (e.challengeMode === RDNAChallengeOpMode.RDNA_CHALLENGE_OP_VERIFY) rdna.setPassword('Passw0rd!', e.challengeMode);
    if (e.challengeMode === RDNAChallengeOpMode.RDNA_OP_UPDATE_ON_EXPIRY && updates.length) {
      const [current, next] = updates.shift();
      rdna.updatePassword(current, next, e.challengeMode).catch(() => {});
    }
  });
  rdna.addListener('onUserLoggedIn', (e) => { rdna.getAllChallenges(e.userID); });
  const sync = await rdna.setUser('alice');
  assert.deepEqual(sync, { error: { longErrorCode: 0, errorString: 'Success' } });
  await rdna.whenIdle();
  assert.deepEqual(lines, [
    'getPassword alice mode=0 attempts=3 status=100',
    'getPassword alice mode=4 attempts=3 status=118',
    'getPassword alice mode=4 attempts=2 status=102',
    'onUserLoggedIn alice status=100',
    'onCredentialsAvailableForUpdate alice ["Password"]',
  ]);
  await expectJournal(server, 'rn-expiry', [
    'expect called updatePassword challengeMode=4',
    'expect no call setPassword challengeMode=4',
    'expect calls setUser setPassword updatePassword updatePassword getAllChallenges',
  ].join('\n'));
});

test('the update from the dashboard (mode 2) ends in a logoff; a password expiring meanwhile answers 110', async (t) => {
  const server = await startServe(ALICE + 'user add bob password "Passw0rd!"\n');
  t.after(() => server.stop());
  const rdna = new RdnaDouble({ url: server.url, token: server.token, device: 'rn-update' });
  const lines = record(rdna);
  await rdna.setUser('alice');
  await rdna.whenIdle();
  await rdna.setPassword('Passw0rd!', 0);
  await rdna.whenIdle();
  await rdna.getAllChallenges('alice');
  await rdna.initiateUpdateFlowForCredential('Password');
  await rdna.whenIdle();
  await rdna.updatePassword('Passw0rd!', 'N3w-Passw0rd!', RDNAChallengeOpMode.RDNA_OP_UPDATE_CREDENTIALS);
  await rdna.whenIdle();
  assert.deepEqual(lines.slice(-3), ['onUpdateCredentialResponse alice status=100', 'onUserLoggedOff alice', 'getUser alice']);
  // bob on the same device: the test expires his password between the app's steps.
  await rdna.setUser('bob');
  await rdna.whenIdle();
  await rdna.setPassword('Passw0rd!', 0);
  await rdna.initiateUpdateFlowForCredential('Password');
  await rdna.whenIdle();
  const steer = await runControl(server, 'expire bob\n');
  assert.ok(steer.passed, steer.text);
  await rdna.updatePassword('Passw0rd!', 'N3w-Passw0rd!', 2);
  await rdna.whenIdle();
  assert.deepEqual(lines.slice(-3), ['onUpdateCredentialResponse bob status=110', 'onUserLoggedOff bob', 'getUser bob']);
  await expectJournal(server, 'rn-update', 'expect called updatePassword challengeMode=2\nexpect calls initiateUpdateFlowForCredential updatePassword setUser');
});

test('synchronous errors reject with the SDK code; the double\'s own failures are below zero', async (t) => {
  const server = await startServe(ALICE);
  t.after(() => server.stop());
  const rdna = new RdnaDouble({ url: server.url, token: server.token, device: 'rn-errors' });
  await assert.rejects(rdna.updatePassword('a', 'b', 4), (r) => r.error.longErrorCode === 118);
  await assert.rejects(rdna.getAllChallenges('alice'), (r) => r.error.longErrorCode === 152);
  await assert.rejects(rdna.logOff('alice'), (r) => r.error.longErrorCode === 166);
  const wire = new RdnaDouble({ url: server.url, token: server.token, device: 'rn-errors' });
  // A method the SDK does not have: JSON-RPC -32601, naming the nearest.
  await assert.rejects(wire._call('setuser', { userID: 'alice' }), (r) => r.error.longErrorCode === -32601 && /setUser/.test(r.rpcError.message));
  await assert.rejects(wire._call('setUser', {}), (r) => r.error.longErrorCode === -32602 && r.rpcError.data.field === 'userID');
  const stranger = new RdnaDouble({ url: server.url, token: 'not-the-token', device: 'rn-errors' });
  await assert.rejects(stranger.setUser('alice'), (r) => r.error.longErrorCode === -401);
  // The network goes down for this device only: setPassword answers 12.
  await rdna.setUser('alice');
  assert.ok((await runControl(server, 'device rn-errors\nnetwork down\n')).passed);
  await assert.rejects(rdna.setPassword('Passw0rd!', 0), (r) => r.error.longErrorCode === 12);
  assert.ok(!server.log.includes('Passw0rd!'), 'a password reached the log');
  await expectJournal(server, 'rn-errors', 'expect calls updatePassword getAllChallenges logOff setUser setPassword');
});

test('devices apart: alice logged in on one phone is not on another', async (t) => {
  const server = await startServe(ALICE);
  t.after(() => server.stop());
  const phone = new RdnaDouble({ url: server.url, token: server.token, device: 'rn-phone' });
  const tablet = new RdnaDouble({ url: server.url, token: server.token, device: 'rn-tablet' });
  await phone.setUser('alice');
  await phone.setPassword('Passw0rd!', 0);
  await assert.rejects(tablet.logOff('alice'), (r) => r.error.longErrorCode === 166);
  await phone.logOff('alice');
  await expectJournal(server, 'rn-tablet', 'expect no call setPassword\nexpect called logOff userID=alice');
  const failing = await runControl(server, 'sdk relid\ndevice rn-tablet\nexpect called setPassword\n');
  assert.equal(failing.passed, false, 'a journal check that must fail passed');
});

test('callbacks without a call of the app\'s arrive on the event stream', async (t) => {
  const server = await startServe(ALICE);
  t.after(() => server.stop());
  const rdna = new RdnaDouble({ url: server.url, token: server.token, device: 'rn-stream' });
  t.after(() => rdna.stopEventStream());
  const lines = record(rdna);
  await rdna.startEventStream();
  await rdna.setUser('alice');
  await rdna.setPassword('Passw0rd!', 0);
  await rdna.whenIdle();
  // The test ends alice's session from outside the app: a steering line for this device.
  const steer = await runControl(server, 'sdk relid\ndevice rn-stream\nlogout\n');
  assert.ok(steer.passed, steer.text);
  for (let i = 0; i < 500 && lines.at(-1) !== 'getUser alice'; i++) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(lines.slice(-2), ['onUserLoggedOff alice', 'getUser alice']);
});

test('the emitter: subscriptions remove, bad input is refused', () => {
  assert.throws(() => new RdnaDouble({ url: 'http://127.0.0.1:1' }), TypeError);
  assert.throws(() => new RdnaDouble({ url: 'http://127.0.0.1:1', token: 't', device: 'a b' }), TypeError);
  const rdna = new RdnaDouble({ url: 'http://127.0.0.1:1', token: 't' });
  const subscription = rdna.addListener('getPassword', () => {});
  assert.equal(rdna.listenerCount('getPassword'), 1);
  subscription.remove();
  assert.equal(rdna.listenerCount('getPassword'), 0);
});
