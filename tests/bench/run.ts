/**
 * `npm run bench`: measures the performance targets and reports them — a table on stdout and
 * bench-results.json at the repo root. It is a report, not a gate: it exits 0 whether or not
 * targets are met (a busy shared machine must not fail a build), and says so.
 *
 * Options: --only <ids>   a comma-separated subset: benchmark ids (bundle, sandbox, proxy,
 * camera, first-sync, inventory-1m, ack, steady-traffic, core-block) or figure ids (cold-start-1m, keystroke-p95-1m, …;
 * every row of bench-results.json has one). A figure id runs its benchmark and reports only
 * the figures asked for.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildRenderer } from '../e2e/helpers/camera-app';
import { benchBundle } from './bundle';
import { benchCameraDecode } from './camera-decode';
import { benchCoreBlock } from './core-block';
import { benchAckInstall } from './ack-install';
import { removeCoreBundle } from './browser-app';
import { benchFirstSync } from './first-sync';
import { benchInventory1m } from './inventory-1m';
import { buildMillionDataDir, type MillionDataDir } from './million-devices';
import { benchProxy } from './proxy';
import { formatTable, notMeasured, type Figure } from './results';
import { benchSandboxLists } from './sandbox-lists';
import { benchSteadyTraffic } from './steady-traffic';

const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS_FILE = join(ROOT, 'bench-results.json');

// The core keeps the API key in the OS keychain: run again through the test commands' keychain
// wrapper (tests/with-keychain.mjs), so the benchmarks get a private keyring session on Linux
// (its files in a throwaway XDG_DATA_HOME) or a throwaway service name elsewhere — never the
// developer's own keys, also in a desktop terminal.
if (process.env.FI_BENCH_IN_KEYRING !== '1') {
  const child = spawnSync(
    process.execPath,
    [
      join(ROOT, 'tests/with-keychain.mjs'),
      join(ROOT, 'node_modules/.bin/tsx'),
      join(ROOT, 'tests/bench/run.ts'),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, FI_BENCH_IN_KEYRING: '1' } },
  );
  process.exit(child.status ?? 1);
}

interface Context {
  rendererDir: string;
  /** The ids asked for (a figure id runs only the size it names). */
  asked: readonly string[];
  /** The data dir with 1,000,000 devices downloaded, built on first use (~2 min). */
  million: () => Promise<MillionDataDir>;
}

interface Bench {
  id: string;
  title: string;
  /** The ids of the figures it reports (`--only` takes these or the bench's own id). */
  figures: string[];
  renderer?: boolean;
  run: (ctx: Context) => Promise<Figure[]>;
}

const BENCHES: Bench[] = [
  {
    id: 'bundle',
    title: 'renderer bundle',
    figures: ['bundle-initial-gzip', 'bundle-lazy-chunks'],
    renderer: true,
    run: (ctx) => benchBundle(ctx.rendererDir),
  },
  {
    id: 'sandbox',
    title: 'sandbox list endpoints',
    figures: [
      'sandbox-start',
      'sandbox-devices-p50',
      'sandbox-uninstalled-p50',
      'sandbox-location-devices-p50',
    ],
    run: () => benchSandboxLists(),
  },
  {
    id: 'proxy',
    title: 'proxy overhead',
    figures: ['proxy-core-median', 'proxy-bridge-median'],
    run: () => benchProxy(),
  },
  {
    id: 'camera',
    title: 'camera decode',
    figures: ['camera-decode-median'],
    run: () => benchCameraDecode(),
  },
  {
    id: 'first-sync',
    title: 'first sync of 100,000 devices',
    figures: ['first-sync-100k-latency', 'first-sync-100k-drops'],
    run: () => benchFirstSync(),
  },
  {
    id: 'inventory-1m',
    title: 'inventory of 1,000,000 devices in Chromium, offline',
    figures: [
      'cold-start-1m',
      'renderer-heap-1m',
      'core-rss-1m',
      'keystroke-p95-1m',
      'bridge-rtt-p50',
      'scroll-frame-p95-1m',
      'scroll-work-p95-1m',
      'scan-to-device-p95-1m',
      'install-to-painted-p95-1m',
    ],
    renderer: true,
    run: async (ctx) => benchInventory1m(ctx.rendererDir, await ctx.million()),
  },
  {
    id: 'steady-traffic',
    title: 'requests and bytes per laptop-hour at steady state, 100,000 and 1,000,000 devices',
    figures: [
      'steady-requests-per-hour-100k',
      'steady-bytes-per-hour-100k',
      'steady-requests-per-hour-1m',
      'steady-bytes-per-hour-1m',
      'working-set-staleness-p95',
      'core-block-p99-technician-hour-1m',
    ],
    run: (ctx) => benchSteadyTraffic(ctx.asked),
  },
  {
    id: 'core-block',
    title: "the core's thread over a hostile session, 1,000,000 devices",
    figures: ['core-block-max-hostile-1m'],
    run: () => benchCoreBlock(),
  },
  {
    id: 'ack',
    title: 'install acknowledged offline, 1,000,000 devices',
    figures: ['ack-install-p95'],
    run: async (ctx) => benchAckInstall(await ctx.million()),
  },
];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const asked = values.only?.split(',').map((s) => s.trim()) ?? BENCHES.map((b) => b.id);
const unknown = asked.filter((id) => !BENCHES.some((b) => b.id === id || b.figures.includes(id)));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark(s) or figure(s): ${unknown.join(', ')}. Benchmarks: ${BENCHES.map((b) => b.id).join(', ')}. ` +
      `Figures: ${BENCHES.flatMap((b) => b.figures).join(', ')}`,
  );
  process.exit(2);
}
const chosen = BENCHES.filter(
  (b) => asked.includes(b.id) || b.figures.some((f) => asked.includes(f)),
);
/** The figure a phase row breaks down (phases.ts): the row comes with it. */
const PHASES_OF: Record<string, string> = {
  'cold-start-1m-phase-': 'cold-start-1m',
  'keystroke-1m-phase-': 'keystroke-p95-1m',
};
const parentOf = (id: string): string =>
  Object.entries(PHASES_OF).find(([prefix]) => id.startsWith(prefix))?.[1] ?? id;
/** A bench asked for by a figure id reports only the figures asked for (and their phases). */
const keep = (bench: Bench, figure: Figure): boolean =>
  asked.includes(bench.id) || asked.includes(figure.id) || asked.includes(parentOf(figure.id));

const work = await mkdtemp(join(tmpdir(), 'fi-bench-'));
const figures: Figure[] = [];
const started = performance.now();
let million: Promise<MillionDataDir> | null = null;
try {
  const rendererDir = join(work, 'renderer');
  // A build of our own: other work may be rebuilding dist/renderer at the same moment.
  if (chosen.some((b) => b.renderer)) await buildRenderer(rendererDir);
  const ctx: Context = {
    rendererDir,
    asked,
    million: () => {
      million ??= (async () => {
        console.error('[bench] building a data dir with 1,000,000 devices…');
        const t0 = performance.now();
        const built = await buildMillionDataDir();
        console.error(
          `[bench] 1,000,000 devices written in ${(built.buildMs / 1000).toFixed(0)} s (${built.cacheMb.toFixed(0)} MB cache.db; ` +
            `${((performance.now() - t0) / 1000).toFixed(0)} s with the sign-in)`,
        );
        return built;
      })();
      return million;
    },
  };
  for (const bench of chosen) {
    const t0 = performance.now();
    console.error(`[bench] ${bench.title}…`);
    try {
      figures.push(...(await bench.run(ctx)).filter((f) => keep(bench, f)));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`[bench] ${bench.title} failed: ${reason}`);
      for (const id of bench.figures.filter((id) => asked.includes(bench.id) || asked.includes(id)))
        if (!figures.some((f) => f.id === id))
          figures.push(notMeasured(id, bench.title, '', '', reason.split('\n')[0] ?? reason));
    }
    console.error(`[bench] ${bench.title} took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
} finally {
  await removeCoreBundle();
  if (million) await (await (million as Promise<MillionDataDir>).catch(() => null))?.remove();
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
