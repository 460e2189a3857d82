// How npm test runs its layers: each command in a process group of its own, with a deadline, its
// output kept and its pass/fail counts read from it; test files run a few at a time. No process a command
// started may outlive it: each carries the command's marker in its environment (browsers that their driver
// starts in a process group of their own too), and whatever is found with it afterwards is named and ended.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The environment variable every process a command starts inherits: the run's id and the command's name. */
export const RUN_MARKER = 'POSENC_TEST_RUN';
const runId = `${process.pid}-${Date.now()}`;

/**
 * Runs `command args` to its end or to `timeoutMs`, whichever comes first (then its process group is killed).
 * `leftBehind` lists the processes it started that were still running when it ended (they are ended then).
 * @returns {Promise<{ code: number | null, signal: string | null, timedOut: boolean, output: string, ms: number,
 *   leftBehind: { pid: number, command: string }[] }>}
 */
export function runProcess(name, command, args, { env = process.env, timeoutMs, echo = false }) {
  const started = performance.now();
  const marker = `${runId}/${name}`;
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...env, [RUN_MARKER]: marker }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    const take = (chunk) => {
      chunks.push(chunk);
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.on('error', (error) => chunks.push(Buffer.from(`${command}: ${error.message}\n`)));
    child.on('close', async (code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      const left = await stillRunning(marker);
      for (const { pid } of left) killProcess(pid);
      await stillRunning(marker); // until the ended ones are gone
      resolve({ code, signal, timedOut, output: Buffer.concat(chunks).toString('utf8'), ms, leftBehind: left });
    });
  });
}

const killGroup = (pid) => killProcess(-pid);

function killProcess(pid) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/** Pass and fail counts from node:test's TAP summary, or ctest's closing line; null where the output has none. */
export function counts(output) {
  const tap = (name) => Number(output.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? Number.NaN);
  if (/^# pass \d+$/m.test(output)) return { passed: tap('pass'), failed: tap('fail') + tap('cancelled') };
  const ctest = output.match(/tests passed, (\d+) tests failed out of (\d+)/);
  if (ctest) return { passed: Number(ctest[2]) - Number(ctest[1]), failed: Number(ctest[1]) };
  return null;
}

/**
 * Runs each of `jobs` ({ name, command, args, alone? }) with at most `parallel` running at once; a job marked
 * `alone` waits until nothing else runs and nothing else starts beside it. Longest-first order is the caller's.
 * `onStart(job)` is called as each starts, `onDone(job, result)` as each ends.
 */
export async function runPool(jobs, { parallel, env, timeoutMs, onStart, onDone }) {
  const waiting = [...jobs];
  let running = 0;
  let aloneRunning = false;
  await new Promise((resolve) => {
    const next = () => {
      if (waiting.length === 0 && running === 0) return resolve();
      while (waiting.length > 0 && !aloneRunning && running < parallel) {
        const index = waiting.findIndex((job) => !job.alone || running === 0);
        if (index < 0) break;
        const [job] = waiting.splice(index, 1);
        running++;
        if (job.alone) aloneRunning = true;
        onStart?.(job);
        runProcess(job.name, job.command, job.args, { env, timeoutMs }).then((result) => {
          running--;
          if (job.alone) aloneRunning = false;
          onDone(job, result);
          next();
        });
        if (job.alone) break;
      }
    };
    next();
  });
}

/** The processes with `marker` once those on their way out are gone: a browser's helpers end just after it. */
async function stillRunning(marker, graceMs = 3000) {
  const until = performance.now() + graceMs;
  let left = leftBehind(marker);
  while (left.length > 0 && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = leftBehind(marker);
  }
  return left;
}

/** Processes alive that carry `marker` (pid and command line), other than this one. */
function leftBehind(marker) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0');
      if (!environ.includes(`${RUN_MARKER}=${marker}`)) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'latin1').replaceAll('\0', ' ').trim();
      found.push({ pid: Number(entry), command: command.slice(0, 120) });
    } catch {
      /* ended while we looked, or not ours to read */
    }
  }
  return found;
}
