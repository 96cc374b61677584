/**
 * Decision record 32: requests and bytes per laptop-hour at steady state, and how old what the technician
 * looks at is. The real core in process (real keychain, real cache.db, real HTTP) against the
 * sandbox in a process of its own with N devices per organization (the default dialect: ETags,
 * `updated_since`), on a compressed clock (tests/helpers/compressed-clock.ts): the core's
 * schedule timers and `Date` follow it, so an hour takes seconds; the sandbox keeps real time,
 * as a server does. Traffic is counted at the core's fetch (traffic-meter.ts).
 *
 * 1. Before signing in, three stores of a realistic size (12 devices each) are made on the
 *    server; the seed's stores hold thousands of devices each at these sizes.
 * 2. Sign in: the first sync downloads every list. Its list requests are one full refresh —
 *    what today's schedule (every 15 minutes) repeated: the baseline is four of them an hour.
 * 3. Steady state, on the model of the screens (technician-hour.ts): an idle hour on the
 *    Locations screen; then a technician's hour (three stores, twenty scans, ten installs);
 *    then the same hour with the screens' minute refresh switched off (the staleness
 *    baseline); then the clock runs on to the next scheduled full refresh (12 h after the
 *    last), whose cost is spread over those 12 hours.
 * Figures: the technician's hour plus 1/12 of a scheduled full refresh, against the baseline.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { SyncState } from '../../electron/shared';
import { DEFAULT_FULL_REFRESH_MS } from '../../electron/core/sync/sync-engine';
import { CompressedClock } from '../helpers/compressed-clock';
import { startCoreHarness, type CoreHarness } from '../helpers/core-harness';
import { atMost, type Figure } from './results';
import { startSandboxProcess, type SandboxProcessInfo } from './sandbox-process';
import { p95, max, median } from './stats';
import { ScreenModel, technicianHour, type HourPlan } from './technician-hour';
import { TrafficMeter, type Traffic } from './traffic-meter';

const HOUR = 3_600_000;
const FULL_HOURS = DEFAULT_FULL_REFRESH_MS / HOUR;
const TODAY_PER_HOUR = 4; // sync-engine.ts refreshEveryMs before decision record 32: 15 minutes
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SizeResult {
  devices: number;
  pass: Traffic;
  firstSyncS: number;
  idle: { total: Traffic; byKind: Map<string, Traffic> };
  working: { total: Traffic; byKind: Map<string, Traffic> };
  unfreshHour: { total: Traffic };
  slow: Traffic;
  slowByKind: Map<string, Traffic>;
  ages: number[];
  agesWhenShown: number[];
  baselineAges: number[];
  scans: number;
  installs: number;
  /** Event-loop delay of this process (the core's thread) over the idle and the technician's hour. */
  block: { idle: Delay; working: Delay };
}

interface Delay {
  p99: number;
  max: number;
  samples: number;
}

/** The event-loop delay (ms) of this process while `work` runs (1 ms resolution). */
async function delayOver(work: () => Promise<unknown>): Promise<Delay> {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
  }
  return {
    p99: histogram.percentile(99) / 1e6,
    max: histogram.max / 1e6,
    samples: histogram.count,
  };
}

/** The server side of the setup: three small stores, and who to scan and install there. */
async function prepareServer(sbx: SandboxProcessInfo): Promise<{ plans: [HourPlan, HourPlan] }> {
  const user = sbx.users.find((u) => u.organizations.length === 1)!;
  const auth = `Basic ${Buffer.from(`${user.organizations[0]!.id}:${user.api_key}`).toString('base64')}`;
  const api = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${sbx.base_url}${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status}`);
    return (await answer.json()) as { data: { id: string; serial_number: string }[] };
  };
  const free = (await api('GET', '/uninstalled-devices?page=1&per_page=100')).data.map(
    (d) => d.serial_number,
  );
  const stores: string[] = [];
  const installed: string[][] = [];
  for (const [i, city] of ['Ulm', 'Graz', 'Gent'].entries()) {
    const store = (
      (await api('POST', '/locations', {
        name: `Bench store ${i + 1}`,
        address: { line1: 'Hauptstraße 1', city, country: 'DE' },
      })) as unknown as { data: { id: string } }
    ).data.id;
    stores.push(store);
    const here = free.splice(0, 12);
    for (const serial of here)
      await api('POST', `/devices/${serial}/install`, { location_id: store });
    installed.push(here);
  }
  const plan = (offset: number): HourPlan => ({
    stores,
    atStore: installed.map((here, i) => here.slice(offset, offset + (i === 1 ? 4 : 3))),
    toInstall: [4, 3, 3].map((n) => free.splice(0, n)),
  });
  return { plans: [plan(0), plan(6)] };
}

async function measureSteadyTraffic(devices: number): Promise<SizeResult> {
  const sbx = await startSandboxProcess(devices);
  let harness: CoreHarness | null = null;
  const clock = new CompressedClock();
  let restore: (() => void) | null = null;
  try {
    const { plans } = await prepareServer(sbx.info);
    const meter = new TrafficMeter();
    restore = clock.install();
    // A keychain read is real I/O too (D-Bus, a few ms): the key is held for 10 s of real time
    // (credentials/key-hold.ts), so after a slow stretch (at 1,000,000 devices a store's week of
    // foot traffic takes seconds) the next request reads it again. Unseen by `settle`, the
    // clock ran through the probe's 5 s timeout during those few ms: the core went offline and
    // probed with backoff, every probe waiting on that one read — ~80 probes more an idle hour.
    let keychainReads = 0;
    harness = await startCoreHarness({
      fetch: meter.fetch,
      timers: clock,
      aroundKeychainRead: async (read) => {
        keychainReads += 1;
        try {
          return await read();
        } finally {
          keychainReads -= 1;
        }
      },
    });
    const core = harness.core;
    let syncing = false;
    core.onEvent((event) => {
      if (event.type !== 'sync-progress') return;
      const state = event.state as SyncState;
      syncing = state.running;
      meter.during = state.running && state.tasks.length > 0 ? '(full refresh)' : null;
    });
    const screens = new ScreenModel(core, clock, true);
    const settle = async () => {
      for (let quiet = 0; quiet < 2;) {
        await new Promise((resolve) => setImmediate(resolve));
        await screens.idle();
        const io = meter.inFlight + keychainReads;
        if (io === 0 && !syncing) quiet += 1;
        else {
          quiet = 0;
          await sleep(io > 0 ? 2 : 20);
        }
      }
    };

    const user = sbx.info.users.find((u) => u.organizations.length === 1)!;
    const t0 = performance.now();
    const beforeSignIn = meter.snapshot();
    await harness.call('signIn', { baseUrl: sbx.info.base_url, apiKey: user.api_key });
    await settle();
    const firstSyncS = (performance.now() - t0) / 1000;
    const pass = meter.since(beforeSignIn).byKind.get('(full refresh)') ?? {
      requests: 0,
      bytes: 0,
    };
    const stored = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 1 });
    if (stored.total < devices)
      throw new Error(`the first sync stored ${stored.total} of ${devices} devices`);

    // Idle: signed in, the Locations screen, nobody touching anything.
    await screens.show(screens.locations(), settle);
    let mark = meter.snapshot();
    const idleBlock = await delayOver(() => clock.advance(HOUR, settle));
    const idle = meter.since(mark);

    mark = meter.snapshot();
    let done = { scans: 0, installs: 0 };
    const workingBlock = await delayOver(
      async () => (done = await technicianHour(screens, clock, settle, plans[0])),
    );
    const working = meter.since(mark);

    // The same hour without the screens' minute refresh: what is shown then ages.
    screens.dispose();
    const unfresh = new ScreenModel(core, clock, false);
    mark = meter.snapshot();
    await technicianHour(unfresh, clock, settle, plans[1]);
    const unfreshHour = meter.since(mark);
    unfresh.dispose();

    // On to the next scheduled full refresh (the clock moves; probes and all run on the way).
    const idleScreens = new ScreenModel(core, clock, true);
    await idleScreens.show(idleScreens.locations(), settle);
    mark = meter.snapshot();
    for (let h = 0; h < FULL_HOURS + 1; h += 1) {
      await clock.advance(HOUR, settle);
      if ((meter.since(mark).byKind.get('(full refresh)')?.requests ?? 0) > 0) break;
    }
    await settle();
    const after = meter.since(mark).byKind;
    const slow = after.get('(full refresh)') ?? { requests: 0, bytes: 0 };
    if (slow.requests === 0)
      throw new Error(`no scheduled full refresh within ${FULL_HOURS + 1} h`);
    idleScreens.dispose();
    return {
      devices,
      pass,
      firstSyncS,
      idle,
      working,
      unfreshHour,
      slow,
      slowByKind: after,
      ages: screens.ages,
      agesWhenShown: screens.agesWhenShown,
      baselineAges: unfresh.ages,
      scans: done.scans,
      installs: done.installs,
      block: { idle: idleBlock, working: workingBlock },
    };
  } finally {
    restore?.();
    if (harness) {
      await harness.core.invoke('signOut', {});
      await harness.close();
    }
    await sbx.stop();
  }
}

const MB = 1024 * 1024;
/** The kinds of a traffic count, busiest first; `overlay` picks those counted under it. */
const kinds = (byKind: Map<string, Traffic>, overlay?: string): string =>
  [...byKind]
    .flatMap(([k, t]): [string, Traffic][] =>
      overlay === undefined
        ? k.startsWith('(')
          ? []
          : [[k, t]]
        : k.startsWith(`${overlay} `)
          ? [[k.slice(overlay.length + 1), t]]
          : [],
    )
    .sort((a, b) => b[1].requests - a[1].requests)
    .map(([k, t]) => `${k} ${t.requests} (${(t.bytes / 1024).toFixed(0)} KB)`)
    .join(', ');

function trafficFigures(r: SizeResult, suffix: '100k' | '1m'): Figure[] {
  const baseline = {
    requests: r.pass.requests * TODAY_PER_HOUR,
    bytes: r.pass.bytes * TODAY_PER_HOUR,
  };
  const perHour = {
    requests: r.working.total.requests + r.slow.requests / FULL_HOURS,
    bytes: r.working.total.bytes + r.slow.bytes / FULL_HOURS,
  };
  const idlePerHour = {
    requests: r.idle.total.requests + r.slow.requests / FULL_HOURS,
    bytes: r.idle.total.bytes + r.slow.bytes / FULL_HOURS,
  };
  const size = r.devices.toLocaleString('en');
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(2)} %`;
  const common =
    `${size} devices per organization, the sandbox's default dialect (ETag, updated_since) in a process of its own; core in process, compressed clock. ` +
    `A technician's hour (3 stores, ${r.scans} scans, ${r.installs} installs; store and device screens read again every minute while shown) plus 1/${FULL_HOURS} of the scheduled full refresh ` +
    `(${r.slow.requests} requests, ${(r.slow.bytes / MB).toFixed(2)} MB: ${kinds(r.slowByKind, '(full refresh)')}; the screens' re-reads it caused included). ` +
    `The hour: ${kinds(r.working.byKind)}. ` +
    `Idle hour on the Locations screen: ${idlePerHour.requests.toFixed(0)} requests, ${(idlePerHour.bytes / MB).toFixed(2)} MB (${kinds(r.idle.byKind)}). ` +
    `Baseline: today's schedule, every list in full every 15 minutes = 4 × the first sync's list requests measured in this run ` +
    `(${r.pass.requests} requests, ${(r.pass.bytes / MB).toFixed(1)} MB per refresh; first sync took ${r.firstSyncS.toFixed(0)} s); it leaves out today's idle probes and reads, so the ratio is conservative. ` +
    `Bytes: bodies exact, headers as written (+120 B per request for undici's own).`;
  return [
    atMost(
      `steady-requests-per-hour-${suffix}`,
      `requests per laptop-hour at steady state, ${size} devices`,
      perHour.requests,
      'requests/h',
      Math.round(baseline.requests / 100),
      {
        baseline: {
          name: "today's full-refresh schedule",
          value: baseline.requests,
          unit: 'requests/h',
        },
        note: `${pct(perHour.requests, baseline.requests)} of the baseline (target ≤ 1 %). ${common}`,
      },
    ),
    atMost(
      `steady-bytes-per-hour-${suffix}`,
      `bytes per laptop-hour at steady state, ${size} devices`,
      perHour.bytes / MB,
      'MB/h',
      Number((baseline.bytes / MB / 100).toFixed(2)),
      {
        baseline: {
          name: "today's full-refresh schedule",
          value: baseline.bytes / MB,
          unit: 'MB/h',
        },
        note: `${pct(perHour.bytes, baseline.bytes)} of the baseline (target ≤ 1 %). ${common}`,
      },
    ),
  ];
}

function stalenessFigure(r: SizeResult): Figure {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return atMost(
    'working-set-staleness-p95',
    "age of the store's devices and the device on screen, p95",
    p95(r.ages) / 1000,
    's',
    60,
    {
      baseline: {
        name: 'the same hour without the screens\u2019 minute refresh, p95',
        value: p95(r.baselineAges) / 1000,
        unit: 's',
      },
      note:
        `${r.ages.length} samples in the technician's hour at ${r.devices.toLocaleString('en')} devices: when each store or device screen was shown (after its first answers) and every 15 s while shown; ` +
        `age = now − the fetch time of what the screen shows. When shown: median ${s(median(r.agesWhenShown))} s, p95 ${s(p95(r.agesWhenShown))} s; ` +
        `all: median ${s(median(r.ages))} s, max ${s(max(r.ages))} s. Baseline: max ${s(max(r.baselineAges))} s ` +
        `(${r.unfreshHour.total.requests} requests in that hour).`,
    },
  );
}

/** `core-block-p99-technician-hour-1m`: the core's thread over the technician's hour. */
function blockFigure(r: SizeResult): Figure {
  const { idle, working } = r.block;
  return atMost(
    'core-block-p99-technician-hour-1m',
    "event-loop delay of the core's thread over the technician's hour, p99, 1,000,000 devices",
    working.p99,
    'ms',
    16,
    {
      baseline: { name: 'the idle hour before it on Locations, p99', value: idle.p99, unit: 'ms' },
      note:
        `monitorEventLoopDelay (1 ms resolution) of the process running the core in process, over the technician's hour of the traffic bench above ` +
        `(${r.scans} scans, ${r.installs} installs, screens read again every minute; compressed clock): ${working.samples} samples, max ${working.max.toFixed(0)} ms. ` +
        `Idle hour: ${idle.samples} samples, max ${idle.max.toFixed(0)} ms. The process also runs the screens' model and the traffic meter (the bench's own work, small).`,
    },
  );
}

/** The sizes a run of the bench measures: both, unless figure ids ask for one. */
const sizesFor = (asked: readonly string[]): number[] => {
  // Staleness does not depend on the size: asked alone, the smaller run gives it.
  const only100k = asked.some((id) => id.endsWith('-100k') || id === 'working-set-staleness-p95');
  const only1m = asked.some((id) => id.endsWith('-1m'));
  if (asked.includes('steady-traffic') || only100k === only1m) return [100_000, 1_000_000];
  return only100k ? [100_000] : [1_000_000];
};

export async function benchSteadyTraffic(asked: readonly string[]): Promise<Figure[]> {
  const figures: Figure[] = [];
  let last: SizeResult | null = null;
  for (const size of sizesFor(asked)) {
    console.error(`[bench] steady traffic at ${size.toLocaleString('en')} devices…`);
    last = await measureSteadyTraffic(size);
    figures.push(...trafficFigures(last, size >= 1_000_000 ? '1m' : '100k'));
    if (size >= 1_000_000) figures.push(blockFigure(last));
  }
  if (last) figures.push(stalenessFigure(last));
  return figures;
}
