/**
 * `core-block-max-hostile-1m`: the longest time the core's thread is held (event-loop delay,
 * max) over a scripted hostile session at 1,000,000 devices (hostile-session.ts, each part in a
 * process of its own running the core in process): 20,000-character pastes to the pick list's
 * limit and the list reopened; a receipt and CSV of a 5,000-entry visit; a receipt's CSV
 * checked with as many entries as the contract takes; a FIFO and a link to /dev/zero as the
 * managed checklist file; inventory windows where the lists end and far down a search.
 *
 * Baseline, same run: the same session on the code before the thread's budget
 * (BASELINE_COMMIT, extracted with `git archive` into a temporary folder that shares this
 * tree's node_modules), on a copy of the same data dir built by that tree's own builder (this
 * tree's core migrates it forward). A part that does not give the thread back within its time
 * is stopped; its block is then at least the time since its last sign of life, and the figure
 * says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stopProcessTree, treeSpawnOptions } from '../helpers/process-tree';
import { atMost, type Figure } from './results';

const ROOT = join(import.meta.dirname, '..', '..');
/** The last commit before the core's thread got its budget (the session's baseline). */
const BASELINE_COMMIT = '4aa15ca';
const BUDGET_MS = 50;

interface StepLine {
  step: string;
  maxMs: number;
  ms: number;
  note?: string;
}

interface PartResult {
  steps: StepLine[];
  /** Stopped after `limitMs` without finishing: it held the thread at least `blockedMs`. */
  stopped: { step: string; blockedMs: number; limitMs: number } | null;
  extra: Record<string, unknown>[];
}

/** Runs one part of hostile-session.ts against `tree`; stops it after `limitMs`. */
async function runPart(
  tree: string,
  part: string,
  dataDir: string,
  limitMs: number,
  file?: string,
): Promise<PartResult> {
  const child = spawn(
    join(ROOT, 'node_modules/.bin/tsx'),
    [join(ROOT, 'tests/bench/hostile-session.ts'), part, tree, dataDir, ...(file ? [file] : [])],
    { cwd: tree, ...treeSpawnOptions(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4_000)));
  const result: PartResult = { steps: [], stopped: null, extra: [] };
  let lastSign = performance.now();
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    lastSign = performance.now();
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    if (value.alive) return;
    if (typeof value.step === 'string') result.steps.push(value as unknown as StepLine);
    else result.extra.push(value);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), limitMs));
  const outcome = await Promise.race([exited, timer]);
  if (outcome === 'late') {
    const blockedMs = performance.now() - lastSign;
    await stopProcessTree(child);
    const done = new Set(result.steps.map((s) => s.step));
    result.stopped = {
      step: `${part}${done.size > 0 ? ` after ${[...done].join(', ')}` : ''}`,
      blockedMs,
      limitMs,
    };
  } else {
    const failed = result.extra.find((e) => typeof e.error === 'string');
    if (failed || outcome !== 0)
      throw new Error(`${part} on ${tree}: ${String(failed?.error ?? outcome)}\n${stderr}`);
  }
  return result;
}

/** The tree at BASELINE_COMMIT in a temporary folder, with this tree's node_modules. */
async function baselineTree(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'fi-bench-baseline-'));
  const archive = spawnSync('git', ['archive', '--format=tar', BASELINE_COMMIT], {
    cwd: ROOT,
    maxBuffer: 512 * 1024 * 1024,
  });
  if (archive.status !== 0) throw new Error(`git archive: ${archive.stderr.toString()}`);
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr.toString()}`);
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A FIFO and a link to /dev/zero, the two checklist files of the session. */
async function hostileFiles(): Promise<{
  fifo: string;
  zero: string;
  remove: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'fi-bench-files-'));
  const fifo = join(dir, 'checklists.json');
  const made = spawnSync('mkfifo', [fifo]);
  if (made.status !== 0) throw new Error(`mkfifo: ${made.stderr.toString()}`);
  const zero = join(dir, 'zero.json');
  await symlink('/dev/zero', zero);
  return { fifo, zero, remove: () => rm(dir, { recursive: true, force: true }) };
}

interface Session {
  steps: StepLine[];
  stopped: NonNullable<PartResult['stopped']>[];
  /** The longest block seen, a stopped part's lower bound included. */
  max: number;
}

async function session(tree: string, dataDir: string, files: { fifo: string; zero: string }) {
  const parts: PartResult[] = [];
  parts.push(await runPart(tree, 'pick', dataDir, 90_000));
  // Its setup installs 5,000 devices offline, one call each: minutes on a busy machine.
  parts.push(await runPart(tree, 'receipt', dataDir, 600_000));
  parts.push(await runPart(tree, 'csv', dataDir, 60_000));
  parts.push(await runPart(tree, 'windows', dataDir, 90_000));
  parts.push(await runPart(tree, 'checklist', dataDir, 30_000, files.fifo));
  parts.push(await runPart(tree, 'checklist', dataDir, 30_000, files.zero));
  const steps = parts.flatMap((p) => p.steps);
  const stopped = parts.flatMap((p) => (p.stopped ? [p.stopped] : []));
  const max = Math.max(0, ...steps.map((s) => s.maxMs), ...stopped.map((s) => s.blockedMs));
  return { steps, stopped, max } satisfies Session;
}

/** Builds the data dir with `tree`'s own builder (1,000,000 devices, ~2 min). */
async function buildWith(tree: string): Promise<string> {
  const built = await runPart(tree, 'build', '-', 15 * 60_000);
  const dir = built.extra.find((e) => typeof e.built === 'string')?.built;
  if (typeof dir !== 'string') throw new Error('the builder printed no data dir');
  return dir;
}

const describe = (s: Session): string =>
  [
    ...s.steps.map(
      (x) =>
        `${x.step} ${x.maxMs.toFixed(0)} ms max over ${(x.ms / 1000).toFixed(1)} s${x.note ? ` (${x.note})` : ''}`,
    ),
    ...s.stopped.map(
      (x) =>
        `${x.step}: stopped after ${(x.limitMs / 1000).toFixed(0)} s, the thread held ≥ ${(x.blockedMs / 1000).toFixed(1)} s`,
    ),
  ].join('; ');

export async function benchCoreBlock(): Promise<Figure[]> {
  const base = await baselineTree();
  const files = await hostileFiles();
  const dirs: string[] = [];
  try {
    console.error('[bench] core-block: building 1,000,000 devices with the baseline tree…');
    const baseDir = await buildWith(base.dir);
    dirs.push(baseDir);
    const ourDir = await mkdtemp(join(tmpdir(), 'fi-bench-1m-ours-'));
    dirs.push(ourDir);
    await cp(baseDir, ourDir, { recursive: true });
    console.error('[bench] core-block: the session on the baseline tree…');
    const before = await session(base.dir, baseDir, files);
    console.error('[bench] core-block: the session on this tree…');
    const now = await session(ROOT, ourDir, files);
    return [
      atMost(
        'core-block-max-hostile-1m',
        "longest block of the core's thread over a hostile session, 1,000,000 devices",
        now.max,
        'ms',
        BUDGET_MS,
        {
          baseline: {
            name: `the same session on ${BASELINE_COMMIT}${before.stopped.length > 0 ? ' (a lower bound: parts stopped)' : ''}`,
            value: before.max,
            unit: 'ms',
          },
          note: `This tree: ${describe(now)}. Baseline (${BASELINE_COMMIT}): ${describe(before)}. Event-loop delay of the process running the core (monitorEventLoopDelay, 1 ms resolution), measured only while a step runs; the setup (core start, the 5,000 entries) is not.`,
        },
      ),
    ];
  } finally {
    await files.remove();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await base.remove();
  }
}
