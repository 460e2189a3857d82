// npm test's process handling (scripts/test-processes.mjs): a command past its deadline is stopped with
// what it started, a process a command leaves running is named and ended, the pool keeps a file marked
// `alone` apart, and the counts are read from node:test's and ctest's summaries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { counts, runPool, runProcess } from '../../scripts/test-processes.mjs';

const node = process.execPath;
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('a process a command leaves running is named, then ended', { timeout: 30_000 }, async () => {
  const leaver = "require('node:child_process').spawn('sleep', ['600'], { detached: true, stdio: 'ignore' }).unref()";
  const result = await runProcess('leaver', node, ['-e', leaver], { timeoutMs: 20_000 });
  assert.equal(result.code, 0);
  assert.equal(result.leftBehind.length, 1, JSON.stringify(result.leftBehind));
  assert.match(result.leftBehind[0].command, /^sleep 600/);
  assert.equal(alive(result.leftBehind[0].pid) && !isZombie(result.leftBehind[0].pid), false, 'ended');
});

test('a command that tidies up leaves nothing behind', { timeout: 30_000 }, async () => {
  const tidy = "const c = require('node:child_process').spawn('sleep', ['600']); c.on('exit', () => process.exit(0)); c.kill();";
  const result = await runProcess('tidy', node, ['-e', tidy], { timeoutMs: 20_000 });
  assert.deepEqual(result.leftBehind, []);
});

test('a command past its deadline is stopped, with what it started', { timeout: 30_000 }, async () => {
  const hanging = "require('node:child_process').spawn('sleep', ['600']); setInterval(() => {}, 1000);";
  const result = await runProcess('hanging', node, ['-e', hanging], { timeoutMs: 1_000 });
  assert.equal(result.timedOut, true);
  assert.ok(result.ms < 10_000, `stopped after ${result.ms} ms`);
  assert.deepEqual(result.leftBehind, []);
});

test('the pool runs two at a time and a job marked alone with nothing beside it', { timeout: 60_000 }, async () => {
  // Each job writes when it starts and ends; the log shows what overlapped.
  const events = [];
  const job = (name, alone = false) => ({ name, command: node, args: ['-e', 'setTimeout(() => {}, 300)'], alone });
  const jobs = [job('a'), job('b'), job('lonely', true), job('c'), job('d')];
  await runPool(jobs, {
    parallel: 2,
    timeoutMs: 20_000,
    onStart: (each) => events.push(`start ${each.name}`),
    onDone: (each) => events.push(`end ${each.name}`),
  });
  let running = 0;
  let most = 0;
  for (const event of events) {
    running += event.startsWith('start') ? 1 : -1;
    most = Math.max(most, running);
    if (event === 'start lonely') assert.equal(running, 1, `nothing beside the lonely job: ${events.join(', ')}`);
  }
  assert.equal(most, 2, events.join(', '));
  const lonelyStart = events.indexOf('start lonely');
  assert.equal(events[lonelyStart + 1], 'end lonely', `nothing starts beside it: ${events.join(', ')}`);
});

test('counts come from node:test and ctest summaries', () => {
  assert.deepEqual(counts('ok 1 - x\n# tests 3\n# pass 2\n# fail 1\n# cancelled 0\n'), { passed: 2, failed: 1 });
  assert.deepEqual(counts('# pass 4\n# fail 0\n# cancelled 1\n'), { passed: 4, failed: 1 });
  assert.deepEqual(counts('100% tests passed, 0 tests failed out of 181\n'), { passed: 181, failed: 0 });
  assert.deepEqual(counts('97% tests passed, 5 tests failed out of 181\n'), { passed: 176, failed: 5 });
  assert.equal(counts('nothing to read'), null);
});

/** Whether `pid` has ended and waits only to be reaped (or is gone). */
function isZombie(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return true;
  }
}
