/**
 * One part of the scripted hostile session (core-block.ts), run in a process of its own
 * against the code of a given tree: this one's, or the tree before the thread's budget
 * (extracted by core-block.ts) for the same-run baseline. Only public parts are used (createCore,
 * core.invoke, the bench's 1,000,000-device builder), so the script runs on both trees.
 *
 *   tsx tests/bench/hostile-session.ts <part> <tree root> <data dir> [<file>]
 *
 * Parts: `build` (writes the 1,000,000-device data dir with that tree's builder), `pick`
 * (20,000-character pastes to the list's limit, the list reopened), `receipt` (a receipt and
 * CSV of a 5,000-entry visit: the reads the receipt screen and the export make), `csv` (a
 * receipt's CSV checked with 100,000 entries: what the baseline's contract took, what a 50 MB
 * CSV is cut to; this tree's refuses more than RECEIPT_ENTRIES_MAX before parsing any),
 * `checklist` (the managed checklist file at <file>: a FIFO, a link to /dev/zero), `windows`
 * (inventory windows where the lists end, and a search's window far down: what dragging the
 * scroll bar to the bottom asks).
 *
 * Stdout: one JSON line per measured step, `{"step", "maxMs", "ms", "note"?}`, where maxMs is
 * the longest event-loop delay of this process (perf_hooks.monitorEventLoopDelay, 1 ms
 * resolution) while the step ran — the core's thread: the core runs in this process. A line
 * `{"alive": true}` every 100 ms otherwise: a step that never gives the thread back is seen
 * by the parent as the time since the last line.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Core } from '../../electron/core/core';
import type * as CreateCore from '../../electron/core/create-core';
import type * as Keychain from '../../electron/core/credentials/keychain';
import type * as Logger from '../../electron/common/redacting-logger';
import type * as Policy from '../../electron/common/managed/policy';
import type * as Million from './million-devices';

const [part, rootArg, dataDirArg, fileArg] = process.argv.slice(2);
if (!part || !rootArg || !dataDirArg) {
  console.error('usage: hostile-session.ts <part> <tree root> <data dir> [<file>]');
  process.exit(2);
}
const root = resolve(rootArg);
const dataDir = resolve(dataDirArg);

const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const alive = setInterval(() => out({ alive: true }), 100);
const histogram = monitorEventLoopDelay({ resolution: 1 });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A turn of the event loop: in the app each call is an IPC message or a socket frame of its
 * own, so the loop turns between calls. */
const nextTurn = () => new Promise((r) => setImmediate(r));

/**
 * Runs `work` with the histogram on and prints its longest block. The histogram's timer must
 * have fired once before the work (a block before its first tick is not seen) and once after
 * it (a block is recorded by the tick that follows it).
 */
async function step(name: string, work: () => Promise<string | void>): Promise<void> {
  histogram.reset();
  histogram.enable();
  await sleep(5);
  const t0 = performance.now();
  const note = await work();
  const ms = performance.now() - t0;
  await sleep(5);
  histogram.disable();
  out({ step: name, maxMs: histogram.max / 1e6, ms, ...(note ? { note } : {}) });
}

const from = async <T>(path: string): Promise<T> => (await import(join(root, path))) as T;

async function startCore(dir: string, checklistFile: string | null = null): Promise<Core> {
  const { createCore } = await from<typeof CreateCore>('electron/core/create-core.ts');
  const keychain = await from<typeof Keychain>('electron/core/credentials/keychain.ts');
  const { createFileLogger } = await from<typeof Logger>('electron/common/redacting-logger.ts');
  const { NOT_MANAGED } = await from<typeof Policy>('electron/common/managed/policy.ts');
  return createCore({
    dataDir: dir,
    fetch: globalThis.fetch,
    credentials: keychain.createKeychainCredentials(keychain.keychainServiceFromEnv(process.env)),
    log: createFileLogger(join(dir, 'logs')),
    ...(checklistFile === null
      ? {}
      : {
          managed: {
            ...NOT_MANAGED,
            source: { kind: 'linux-file', where: 'the bench' },
            quality: { ...NOT_MANAGED.quality, checklistFile },
          },
        }),
  });
}

async function call<T>(core: Core, name: string, input: unknown): Promise<T> {
  await nextTurn();
  const answer = await core.invoke(name as never, input);
  if (!answer.ok) throw new Error(`${name}: ${answer.error.kind} ${answer.error.code}`);
  return answer.value as T;
}

/** Answers the failure's code instead of throwing (a refusal is an answer too). */
async function tryCall(core: Core, name: string, input: unknown): Promise<string> {
  await nextTurn();
  const answer = await core.invoke(name as never, input);
  return answer.ok ? 'ok' : `${answer.error.kind}/${answer.error.code}`;
}

interface LineLike {
  serial: string;
  problem: { kind: string; near?: string[] } | null;
}
interface ListLike {
  lines: LineLike[];
  /** Set while lines are still being checked (this tree's core checks them off the read). */
  checking?: unknown;
}

/** 1,000 serials the inventory does not have, 19 characters and a line break each. */
function paste(seed: number): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let x = seed >>> 0;
  const next = () => {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    return chars[x % chars.length] as string;
  };
  const lines: string[] = [];
  for (let i = 0; i < 1_000; i++) {
    let s = 'FTC-';
    for (let c = 0; c < 14; c++) s += next();
    lines.push(s);
  }
  return `${lines.join('\n')}\n`;
}
const PASTES = 3;

/** Reads the list until no line waits for its check (at once on a tree that checks on read). */
async function settledList(core: Core, locationId: string): Promise<ListLike> {
  for (;;) {
    const list = await call<ListLike>(core, 'pickList', { locationId });
    if (!list.checking) return list;
    await sleep(50);
  }
}

async function pickPart(): Promise<void> {
  const core = await startCore(dataDir);
  try {
    const status = await call<{ signedIn: boolean }>(core, 'sessionStatus', {});
    if (!status.signedIn) throw new Error('not signed in');
    const store = (await call<{ value: { id: string }[] }>(core, 'listLocations', {})).value[0];
    if (!store) throw new Error('no store');
    await step('paste', async () => {
      const said: string[] = [];
      for (let i = 0; i < PASTES; i++) {
        const text = paste(i + 1);
        said.push(await tryCall(core, 'addToPickList', { text, locationId: store.id }));
        await settledList(core, store.id);
      }
      const list = await settledList(core, store.id);
      return `${PASTES} pastes of ${paste(1).length} characters (1,000 unknown serials each): ${said.join(', ')}; ${list.lines.length} lines on the list`;
    });
    await step('reopen', async () => {
      const list = await settledList(core, store.id);
      // The screen shows its first lines; their "did you mean" is asked for then (a tree
      // whose read answers it for every line has done so already).
      const shown = list.lines.slice(0, 50).filter((l) => l.problem?.kind === 'unknown');
      let asked = 0;
      for (const line of shown) {
        if (line.problem?.near !== undefined) continue;
        await call(core, 'nearSerials', { serial: line.serial });
        asked += 1;
      }
      return `${list.lines.length} lines read; "did you mean" asked for ${asked} shown lines`;
    });
  } finally {
    await core.close();
  }
}

const ENTRIES = 5_000;

async function receiptPart(): Promise<void> {
  const core = await startCore(dataDir);
  try {
    const store = (await call<{ value: { id: string }[] }>(core, 'listLocations', {})).value[0];
    if (!store) throw new Error('no store');
    // Setup, not measured: a visit of 5,000 entries, a pallet's devices installed at one store
    // offline (queued, each an entry of the visit's record). Offline, since the bench's sandbox
    // is stopped: a verification now reads the device from the server first.
    await call(core, 'networkChanged', { online: false });
    const serials: string[] = [];
    while (serials.length < ENTRIES) {
      const page = await call<{ rows: { serial: string }[] }>(core, 'queryDevices', {
        view: 'uninstalled',
        offset: serials.length,
        limit: 500,
      });
      if (page.rows.length === 0) throw new Error('too few uninstalled devices');
      serials.push(...page.rows.map((d) => d.serial));
    }
    for (const serial of serials.slice(0, ENTRIES))
      await call(core, 'installDevice', { serial, locationId: store.id });
    const visits = await call<{ id: string }[]>(core, 'listVisits', {});
    const visitId = visits[0]?.id;
    if (!visitId) throw new Error('no visit');
    await step('receipt', async () => {
      // What the receipt screen reads, then what the CSV export reads.
      const entries = await call<unknown[]>(core, 'listActivity', { visitId });
      await call(core, 'listVisits', {});
      await call(core, 'listPhotos', { visitId });
      const record = await call<unknown[]>(core, 'visitRecord', { visitId });
      return `${entries.length} activity entries, ${record.length} record entries`;
    });
  } finally {
    await core.close();
  }
}

async function csvPart(): Promise<void> {
  const core = await startCore(dataDir);
  try {
    const visits = await call<{ id: string }[]>(core, 'listVisits', {});
    const hex = (n: number) => n.toString(16).padStart(8, '0').repeat(8);
    // A 50 MB CSV holds ~600,000 rows: the renderer sends at most what the contract takes.
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ n: i + 1, hash: hex(i) }));
    await step('csv', async () => {
      const said = await tryCall(core, 'checkReceipt', {
        hash: hex(99_999),
        ...(visits[0] ? { visitId: visits[0].id } : {}),
        entries,
      });
      return `checkReceipt with ${entries.length.toLocaleString('en')} entries: ${said}`;
    });
  } finally {
    await core.close();
  }
}

async function windowsPart(): Promise<void> {
  const core = await startCore(dataDir);
  try {
    // Setup, not measured: a file from before this tree's counts is counted in the background
    // after the core opens it (a step per turn); the windows are asked once it is.
    await sleep(10_000);
    await step('windows', async () => {
      const asked: string[] = [];
      for (const view of ['all', 'uninstalled'] as const) {
        const { total } = await call<{ total: number }>(core, 'queryDevices', {
          view,
          offset: 0,
          limit: 1,
        });
        for (const offset of [Math.floor(total / 2), Math.max(0, total - 50)]) {
          await call(core, 'queryDevices', { view, offset, limit: 50 });
          asked.push(`${view} at ${offset.toLocaleString('en')}`);
        }
      }
      for (const input of [
        { view: 'all', q: 'ftc', offset: 900_000, limit: 50 },
        { view: 'all', deviceType: 'Door Counter DC-200', offset: 300_000, limit: 50 },
      ]) {
        await tryCall(core, 'queryDevices', input);
        asked.push(
          `${input.q ? `"${input.q}"` : input.deviceType} at ${input.offset.toLocaleString('en')}`,
        );
      }
      return `windows of 50: ${asked.join(', ')}`;
    });
  } finally {
    await core.close();
  }
}

async function checklistPart(file: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'fi-bench-checklist-'));
  const core = await startCore(dir, file);
  try {
    await step('checklist', async () => {
      const said = await call<{ source: { problem: { code: string } | null } }>(
        core,
        'mountingChecklist',
        { deviceType: 'Door Counter DC-200' },
      );
      return `mountingChecklist answered; the file's problem: ${said.source.problem?.code ?? 'none'}`;
    });
  } finally {
    await core.close();
  }
}

async function buildPart(): Promise<void> {
  const { buildMillionDataDir } = await from<typeof Million>('tests/bench/million-devices.ts');
  const built = await buildMillionDataDir();
  out({ built: built.dataDir, buildMs: built.buildMs });
}

try {
  if (part === 'build') await buildPart();
  else if (part === 'pick') await pickPart();
  else if (part === 'receipt') await receiptPart();
  else if (part === 'csv') await csvPart();
  else if (part === 'checklist') await checklistPart(resolve(fileArg ?? ''));
  else if (part === 'windows') await windowsPart();
  else throw new Error(`unknown part ${part}`);
} catch (error) {
  out({ error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
} finally {
  clearInterval(alive);
}
