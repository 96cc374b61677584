/**
 * Where the time of a cold start and of a keystroke goes, phase by phase, each beside the
 * same-run floor of that phase (what a page with no app code pays for the same step:
 * chromium-floor.ts), so every millisecond over the floor has a name.
 *
 * Cold start (the untraced page of cold-start-1m; times from navigation start): the HTML
 * received; the entry's scripts fetched, parsed and run (to the `fi:main` mark main.ts sets
 * first); the catalog (the language chunk, to the `fi:words` mark); the first bridge call
 * (socket created → first answer, in parallel with the catalog); the first screen mounted and
 * Inventory opened (to the first `queryDevices` sent); the first query (sent → answer in); the
 * rows painted. Each script's own parse and run comes from a Chromium trace of a second cold
 * start (tracing slows a page down, so the figure is never taken from it).
 *
 * Keystroke (per key that asked the core; medians, p95 in the note): key → request sent; on
 * the core's side (bridge-timing.ts) bridge in → core called, the core (input checked, SQL,
 * answer as JSON), answer handed to the socket; the two socket crossings (round trip minus the
 * core's side); answer in → applied (parsed, loader, Svelte's update); the next frame's paint.
 *
 * A phase "meets" its floor when it is at most 1.5 × the floor + 1 ms (a phase whose floor is
 * 0, work a static page does not do, may cost up to 1 ms).
 */
import type { BridgeTiming } from './bridge-timing';
import type { ChromiumFloor } from './chromium-floor';
import { perKey, type KeyResult } from './inventory-input';
import type { BenchState } from './page-probes';
import { atMost, type Figure } from './results';
import { median, p95 } from './stats';

/** What the page's Performance API says about its own start (read once rows are painted). */
export interface StartTimeline {
  htmlEnd: number;
  resources: { name: string; startTime: number; responseEnd: number }[];
  marks: { name: string; startTime: number }[];
}

export const READ_TIMELINE = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  return {
    htmlEnd: nav ? nav.responseEnd : NaN,
    resources: performance.getEntriesByType('resource').map((r) => ({ name: r.name, startTime: r.startTime, responseEnd: r.responseEnd })),
    marks: performance.getEntriesByType('mark').map((m) => ({ name: m.name, startTime: m.startTime })),
  };
})()`;

/** One script's main-thread cost in a traced cold start. */
export interface ScriptCost {
  /** The file's name without its hash (start, shared, words-shell.en, …). */
  name: string;
  compileMs: number;
  runMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { data?: { url?: string; documentLoaderURL?: string } };
}

const fileName = (url: string): string =>
  (url.split('/').pop() ?? url).replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');

/**
 * Each module script's compile (main thread, plus its streaming parse off it) and run
 * (`v8.evaluateModule`, which names no file: it runs the graph whose root was compiled last
 * on that thread, so an entry's run includes the modules it imports statically).
 */
export function scriptCosts(trace: { traceEvents: TraceEvent[] }, pageUrl: string): ScriptCost[] {
  const events = [...trace.traceEvents].sort((a, b) => a.ts - b.ts);
  const start = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(pageUrl),
  );
  if (!start) throw new Error('the trace has no navigationStart for the app page');
  const costs = new Map<string, ScriptCost>();
  const cost = (url: string): ScriptCost => {
    let c = costs.get(url);
    if (!c) {
      c = { name: fileName(url), compileMs: 0, runMs: 0 };
      costs.set(url, c);
    }
    return c;
  };
  let lastCompiled = new Map<number, string>();
  for (const e of events) {
    if (e.ts < start.ts) continue;
    const url = e.args?.data?.url;
    if (e.name === 'v8.compileModule' && url) {
      cost(url).compileMs += (e.dur ?? 0) / 1000;
      lastCompiled = new Map(lastCompiled).set(e.tid, url);
    } else if (e.name === 'v8.parseOnBackground' && url) {
      cost(url).compileMs += (e.dur ?? 0) / 1000;
    } else if (e.name === 'v8.evaluateModule') {
      const root = lastCompiled.get(e.tid);
      if (root) cost(root).runMs += (e.dur ?? 0) / 1000;
    }
  }
  return [...costs.values()];
}

/** A phase row: value beside its floor, met when ≤ 1.5 × floor + 1 ms. */
const phase = (
  id: string,
  name: string,
  value: number,
  floor: number,
  floorName: string,
  note: string,
): Figure => {
  const limit = Number((1.5 * floor + 1).toFixed(1));
  return atMost(id, name, value, 'ms', limit, {
    baseline: { name: `floor: ${floorName}`, value: floor, unit: 'ms' },
    note: `${note}; over the floor by ${(value - floor).toFixed(1)} ms (target ≤ 1.5 × floor + 1 ms)`,
  });
};

const at = (timeline: StartTimeline, mark: string): number =>
  timeline.marks.find((m) => m.name === mark)?.startTime ?? Number.NaN;

/** The echo page's own socket round trips (floor of a request crossing a loopback socket). */
const echoTrips = (floor: ChromiumFloor): number[] =>
  floor.echoState.answers.flatMap((a) =>
    a.bodyReadAt === null || a.aborted ? [] : [a.bodyReadAt - a.startedAt],
  );

const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** When the untraced page had a script of that name (hash left out), from resource timing. */
const fetchedAt = (timeline: StartTimeline, name: string): string => {
  const found = timeline.resources.find((r) => fileName(r.name) === name);
  return found ? found.responseEnd.toFixed(0) : '?';
};

export function coldStartPhases(
  state: BenchState,
  timeline: StartTimeline,
  scripts: ScriptCost[] | null,
  floor: ChromiumFloor,
): Figure[] {
  const mainAt = at(timeline, 'fi:main');
  const wordsAt = at(timeline, 'fi:words');
  const words = timeline.resources.find((r) => /\/words-shell\.[\w-]+-[\w-]{8}\.js$/.test(r.name));
  const socket = state.sockets[0];
  const firstCall = state.calls.find((c) => c.socket === 0);
  const query = state.answers.find((a) => a.bodyReadAt !== null);
  const echoSocket = floor.echoState.sockets[0];
  const echoOpen =
    echoSocket?.openAt != null ? echoSocket.openAt - echoSocket.createdAt : Number.NaN;
  const trip = median(echoTrips(floor));
  const echoApply = median(
    floor.echoState.answers.flatMap((a) =>
      a.appliedAt === null || a.bodyReadAt === null || a.render === null || a.aborted
        ? []
        : [a.appliedAt - a.bodyReadAt + a.render],
    ),
  );
  const scriptsNote =
    scripts === null
      ? 'no trace'
      : scripts
          .map(
            (s) =>
              `${s.name}: received at ${fetchedAt(timeline, s.name)} ms, compiled ${ms(s.compileMs)} (streamed parse included), run ${ms(s.runMs)}`,
          )
          .join('; ');
  const rows: Figure[] = [
    phase(
      'cold-start-1m-phase-html',
      'cold start: navigation start → HTML received',
      timeline.htmlEnd,
      floor.staticHtml,
      "a static page's HTML received",
      'navigation timing responseEnd',
    ),
    phase(
      'cold-start-1m-phase-scripts',
      'cold start: HTML received → entry scripts fetched, parsed and run',
      mainAt - timeline.htmlEnd,
      0,
      'a static page runs no script',
      `to main.ts's first line (mark fi:main at ${mainAt.toFixed(0)} ms); per script, from a traced cold start (run includes the modules a root imports): ${scriptsNote}`,
    ),
    phase(
      'cold-start-1m-phase-catalog',
      "cold start: the words (the shell's in the start language) asked → loaded and run",
      wordsAt - mainAt,
      0,
      'a static page loads no catalog',
      words
        ? `chunk asked at ${words.startTime.toFixed(0)} ms, received at ${words.responseEnd.toFixed(0)} ms, mounted after mark fi:words at ${wordsAt.toFixed(0)} ms`
        : 'no language chunk among the resources',
    ),
    phase(
      'cold-start-1m-phase-first-bridge-call',
      'cold start: operation socket created → first answer in (in parallel with the words)',
      (firstCall?.answeredAt ?? Number.NaN) - (socket?.createdAt ?? Number.NaN),
      echoOpen + trip,
      'a loopback WebSocket opened + one round trip of the echo page',
      `socket created at ${(socket?.createdAt ?? Number.NaN).toFixed(0)} ms, open at ${(socket?.openAt ?? Number.NaN).toFixed(0)} ms, ` +
        `first request (${firstCall?.op ?? '?'}) sent at ${(firstCall?.sentAt ?? Number.NaN).toFixed(0)} ms, answered at ${(firstCall?.answeredAt ?? Number.NaN).toFixed(0)} ms; ` +
        `echo page: open ${ms(echoOpen)}, round trip median ${ms(trip)}`,
    ),
    phase(
      'cold-start-1m-phase-first-screen',
      'cold start: words in → Inventory opened and its first query sent',
      (query?.startedAt ?? Number.NaN) - wordsAt,
      0,
      'a static page mounts no screen',
      `App mounted, the first screen built, the navigation shown, "Inventory" clicked by the probe at ${(state.inventoryClickedAt ?? Number.NaN).toFixed(0)} ms, its screen built`,
    ),
    phase(
      'cold-start-1m-phase-first-query',
      'cold start: first queryDevices sent → answer in',
      (query?.bodyReadAt ?? Number.NaN) - (query?.startedAt ?? Number.NaN),
      trip,
      "the echo page's round trip (30 rows, no work behind), median",
      `${query?.bytes ?? 0} bytes`,
    ),
    phase(
      'cold-start-1m-phase-rows-painted',
      'cold start: answer in → rows painted',
      (state.rowsPaintedAt ?? Number.NaN) - (query?.bodyReadAt ?? Number.NaN),
      echoApply + floor.firstIntl,
      "the echo page's answer written and painted, median, + a fresh page's first Intl.NumberFormat",
      'parse, loader, Svelte update, first list layout and paint',
    ),
  ];
  return rows;
}

/** Per key that asked: the phases of its own request (superseded keys are left out). */
interface KeyPhases {
  keyToSend: number;
  bridgeIn: number | null;
  core: number | null;
  answerOut: number | null;
  crossings: number | null;
  apply: number;
  paint: number;
}

function keyPhases(keys: KeyResult[], timings: BridgeTiming[]): KeyPhases[] {
  const byId = new Map(timings.filter((t) => t.op === 'queryDevices').map((t) => [t.id, t]));
  return keys.flatMap((k) => {
    const a = k.asked;
    if (!a || a.aborted || k.shown !== a || a.bodyReadAt === null || a.appliedAt === null)
      return [];
    const server = a.id === undefined ? undefined : byId.get(a.id);
    const trip = a.bodyReadAt - a.startedAt;
    return [
      {
        keyToSend: a.startedAt - k.at,
        bridgeIn: server ? server.calledAt - server.receivedAt : null,
        core: server ? server.answeredAt - server.calledAt : null,
        answerOut: server ? server.sentAt - server.answeredAt : null,
        crossings: server ? trip - (server.sentAt - server.receivedAt) : null,
        apply: a.appliedAt - a.bodyReadAt,
        paint: a.render ?? Number.NaN,
      },
    ];
  });
}

const column = (rows: KeyPhases[], pick: (p: KeyPhases) => number | null): number[] =>
  rows.flatMap((p) => {
    const v = pick(p);
    return v === null || !Number.isFinite(v) ? [] : [v];
  });

export function keystrokePhases(
  state: BenchState,
  timings: BridgeTiming[],
  floor: ChromiumFloor,
): Figure[] {
  const app = keyPhases(perKey(state), timings);
  const echo = keyPhases(perKey(floor.echoState), []);
  const row = (
    id: string,
    name: string,
    pick: (p: KeyPhases) => number | null,
    floorValue: number,
    floorName: string,
    note: string,
  ): Figure => {
    const values = column(app, pick);
    return phase(
      `keystroke-1m-phase-${id}`,
      `keystroke: ${name}, median`,
      median(values),
      floorValue,
      floorName,
      `${note}; p95 ${ms(p95(values))}, ${values.length} keys`,
    );
  };
  const echoMedian = (pick: (p: KeyPhases) => number | null) => median(column(echo, pick));
  return [
    row(
      'key-to-send',
      'keydown → request sent',
      (p) => p.keyToSend,
      echoMedian((p) => p.keyToSend),
      "the echo page's keydown → send",
      'input event, filter, window loader, the socket message written',
    ),
    row(
      'bridge-in',
      'message in at the bridge → core called',
      (p) => p.bridgeIn,
      0,
      'no work',
      "the request's JSON parsed and its limits checked (core process clock)",
    ),
    row(
      'core',
      'the core: input checked, SQL query, answer as JSON',
      (p) => p.core,
      0,
      'an answer already in memory',
      'core.invokeJson (core process clock)',
    ),
    row(
      'answer-out',
      'answer handed to the socket',
      (p) => p.answerOut,
      0,
      'no work',
      'the reply framed and written (core process clock)',
    ),
    row(
      'crossings',
      'the two loopback socket crossings (round trip − the core side)',
      (p) => p.crossings,
      median(echoTrips(floor)),
      "the echo page's round trip (its server answers at once)",
      'page → bridge and back: the browser’s and Node’s socket handling and event loops',
    ),
    row(
      'apply',
      'answer in → applied (parsed, loader, Svelte update)',
      (p) => p.apply,
      echoMedian((p) => p.apply),
      "the echo page's answer parsed and written into 30 rows",
      'JSON.parse of the envelope, the window loader, the runes and the DOM patch',
    ),
    row(
      'paint',
      "the next frame's rendering (rAF → after paint)",
      (p) => p.paint,
      echoMedian((p) => p.paint),
      "the echo page's next frame",
      'style, layout and paint of the changed rows',
    ),
  ];
}

/** The bridge's own round trip: an operation with no work behind it, page → core → page. */
export function bridgeRtt(trips: number[], timings: BridgeTiming[], floor: ChromiumFloor): Figure {
  const core = timings.filter((t) => t.op === 'syncStatus').map((t) => t.sentAt - t.receivedAt);
  return atMost(
    'bridge-rtt-p50',
    'bridge round trip, an empty operation (syncStatus), median',
    median(trips),
    'ms',
    1,
    {
      baseline: {
        name: "a loopback WebSocket echo page's round trip (30 rows, no app), median",
        value: median(echoTrips(floor)),
        unit: 'ms',
      },
      note:
        `${trips.length} requests on a second operation socket of the app page, 150 ms apart, send → answer read; p95 ${ms(p95(trips))}; ` +
        `of it the core side (message in → answer handed to the socket) median ${ms(median(core))}, p95 ${ms(p95(core))}`,
    },
  );
}
