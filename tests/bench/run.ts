/**
 * `npm run bench`: measures the targets of issue 5 and reports them — a table on stdout and
 * bench-results.json at the repo root. It is a report, not a gate: it exits 0 whether or not
 * targets are met (a busy shared machine must not fail a build), and says so.
 *
 * Options: --only bundle,sandbox,proxy,camera,browser   run a subset.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildRenderer } from '../e2e/helpers/camera-app';
import { benchBundle } from './bundle';
import { benchCameraDecode } from './camera-decode';
import { benchInventoryBrowser } from './inventory-browser';
import { benchProxy } from './proxy';
import { formatTable, notMeasured, type Figure } from './results';
import { benchSandboxLists } from './sandbox-lists';

const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS_FILE = join(ROOT, 'bench-results.json');

// The core keeps the API key in the OS keychain; without a D-Bus session keytar has none, so
// run again inside a private keyring session (tests/with-keychain.sh). Its keyring files go to
// a fresh XDG_DATA_HOME: keyring daemons of parallel test runs share ~/.local/share/keyrings
// and overwrite each other's entries, which lost the bench's stored key mid-run.
if (!process.env.DBUS_SESSION_BUS_ADDRESS && process.env.FI_BENCH_IN_KEYRING !== '1') {
  const keyringHome = mkdtempSync(join(tmpdir(), 'fi-bench-keyring-'));
  const child = spawnSync(
    join(ROOT, 'tests/with-keychain.sh'),
    [
      join(ROOT, 'node_modules/.bin/tsx'),
      join(ROOT, 'tests/bench/run.ts'),
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, FI_BENCH_IN_KEYRING: '1', XDG_DATA_HOME: keyringHome },
    },
  );
  rmSync(keyringHome, { recursive: true, force: true });
  process.exit(child.status ?? 1);
}

interface Context {
  rendererDir: string;
}

interface Bench {
  id: string;
  title: string;
  run: (ctx: Context) => Promise<Figure[]>;
}

const BENCHES: Bench[] = [
  { id: 'bundle', title: 'renderer bundle', run: (ctx) => benchBundle(ctx.rendererDir) },
  { id: 'sandbox', title: 'sandbox list endpoints', run: () => benchSandboxLists() },
  { id: 'proxy', title: 'proxy overhead', run: () => benchProxy() },
  { id: 'camera', title: 'camera decode', run: () => benchCameraDecode() },
  {
    id: 'browser',
    title: 'inventory in Chromium, offline start, memory',
    run: (ctx) => benchInventoryBrowser(ctx.rendererDir),
  },
];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const wanted = values.only?.split(',').map((s) => s.trim()) ?? BENCHES.map((b) => b.id);
const unknown = wanted.filter((id) => !BENCHES.some((b) => b.id === id));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.map((b) => b.id).join(', ')}`,
  );
  process.exit(2);
}

const work = await mkdtemp(join(tmpdir(), 'fi-bench-'));
const figures: Figure[] = [];
const started = performance.now();
try {
  const rendererDir = join(work, 'renderer');
  // A build of our own: other work may be rebuilding dist/renderer at the same moment.
  if (wanted.includes('bundle') || wanted.includes('browser')) await buildRenderer(rendererDir);
  for (const bench of BENCHES.filter((b) => wanted.includes(b.id))) {
    const t0 = performance.now();
    console.error(`[bench] ${bench.title}…`);
    try {
      figures.push(...(await bench.run({ rendererDir })));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`[bench] ${bench.title} failed: ${reason}`);
      figures.push(notMeasured(bench.title, '', '', reason.split('\n')[0] ?? reason));
    }
    console.error(`[bench] ${bench.title} took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

await writeFile(RESULTS_FILE, `${JSON.stringify(figures, null, 2)}\n`);
const met = figures.filter((f) => f.met).length;
console.log(formatTable(figures));
console.log('');
console.log(
  `${met} of ${figures.length} figures meet their target; ${figures.length - met} do not (or were not measured).`,
);
console.log(
  `Written to ${RESULTS_FILE} in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
console.log('This bench is a report, not a gate: it exits 0 whether or not targets are met.');
