/**
 * Scripts that run inside the app page to time what only the page can see. They are strings
 * on purpose: tsx compiles this file with esbuild's keepNames, whose __name() helper does not
 * exist in the page, so serialised functions could break there.
 *
 * PROBES (an init script, so it runs before the app in every document) keeps window.__bench:
 * - answers: every `queryDevices` call the page makes over the bridge (the inventory asks for
 *   windows of rows as it scrolls and on every keystroke): when the request left, its `q`,
 *   when the answer's body had been read and parsed (wrapping the operation socket's send and
 *   its messages, or fetch and the answer's json() when the page fell back to POST; a socket
 *   request superseded by a newer one before its answer came was aborted by the page),
 *   when the page had applied it (a MessageChannel message posted then runs after the
 *   promise continuations, i.e. after the loader and Svelte's microtask flush updated the
 *   DOM), and the rendering of the next frame (its rAF → after its paint) with the time
 *   that paint was done;
 * - rowsPaintedAt: the first frame with inventory rows (again after resetRows()), after that
 *   frame was painted (a MutationObserver sees the rows, requestAnimationFrame waits for the
 *   frame, a MessageChannel message posted there runs after its paint); performance.now()
 *   counts from navigation start, so in a fresh document it is "navigation start → rows";
 * - keys: per keystroke in the search box, keydown time, the keystroke's own task and
 *   microtasks (keydown → a MessageChannel message posted at keydown) and the next frame's
 *   rendering; which answer belongs to which key is worked out afterwards (inventory-input.ts);
 * - with OPEN_INVENTORY, clicks "Inventory" in the main navigation the moment it exists, as
 *   an impatient user would (no test-driver latency), once per document.
 */
import {
  BRIDGE_SECRET_STORAGE_KEY,
  BRIDGE_SOCKET_PATH,
  BRIDGE_SOCKET_PROTOCOL,
  bridgeSecretProtocol,
} from '../../electron/shared/bridge-protocol';

const probes = (openInventory: boolean) => `(() => {
  const OPEN_INVENTORY = ${openInventory ? 'true' : 'false'};
  const bench = (window.__bench = { answers: [], rowsPaintedAt: null, keys: [], inventoryClickedAt: null, sockets: [], calls: [] });
  const LIST = '[role="list"][aria-label="Inventory"], [role="list"][aria-label="All devices"]';
  const afterPaint = (done) => requestAnimationFrame(() => {
    const frameStart = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now(), frameStart);
    channel.port2.postMessage(0);
  });

  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/op/queryDevices')) return originalFetch(input, init);
    let q = null;
    try { q = JSON.parse(init && typeof init.body === 'string' ? init.body : '{}').q ?? ''; } catch { q = null; }
    const entry = { q, startedAt: performance.now(), bodyReadAt: null, parsedAt: null, appliedAt: null, render: null, paintedAt: null, bytes: 0, aborted: false };
    bench.answers.push(entry);
    let response;
    try {
      response = await originalFetch(input, init);
    } catch (error) {
      entry.aborted = true;
      throw error;
    }
    response.json = async () => {
      let text;
      try {
        text = await response.text();
      } catch (error) {
        entry.aborted = true; // aborted while its body was on its way (a newer question)
        throw error;
      }
      entry.bodyReadAt = performance.now();
      const value = JSON.parse(text);
      entry.parsedAt = performance.now();
      entry.bytes = text.length;
      const applied = new MessageChannel();
      applied.port1.onmessage = () => {
        entry.appliedAt = performance.now();
        afterPaint((at, frameStart) => {
          entry.render = at - frameStart;
          entry.paintedAt = at;
        });
      };
      applied.port2.postMessage(0);
      return value;
    };
    return response;
  };

  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(url, protocols) {
      super(url, protocols);
      const entries = new Map();
      const socket = bench.sockets.length;
      const opened = { createdAt: performance.now(), openAt: null };
      bench.sockets.push(opened);
      this.addEventListener('open', () => (opened.openAt = performance.now()));
      const calls = new Map();
      // Registered before the app's own handler, so it runs first for each answer.
      this.addEventListener('message', (message) => {
        let id = null;
        try { id = JSON.parse(message.data).id; } catch { return; }
        const call = calls.get(id);
        if (call) { call.answeredAt = performance.now(); calls.delete(id); }
        const entry = entries.get(id);
        if (!entry) return;
        entries.delete(id);
        if (entry.aborted) return;
        entry.bodyReadAt = entry.parsedAt = performance.now();
        entry.bytes = message.data.length;
        const applied = new MessageChannel();
        applied.port1.onmessage = () => {
          entry.appliedAt = performance.now();
          afterPaint((at, frameStart) => {
            entry.render = at - frameStart;
            entry.paintedAt = at;
          });
        };
        applied.port2.postMessage(0);
      });
      const send = this.send.bind(this);
      this.send = (data) => {
        let request = null;
        try { request = JSON.parse(data); } catch { request = null; }
        if (request && typeof request.id === 'number') {
          const call = { socket, id: request.id, op: request.op, sentAt: performance.now(), answeredAt: null };
          bench.calls.push(call);
          calls.set(request.id, call);
        }
        if (request && request.op === 'queryDevices') {
          for (const earlier of entries.values()) earlier.aborted = true;
          const entry = { id: request.id, q: (request.input && request.input.q) ?? '', startedAt: performance.now(), bodyReadAt: null, parsedAt: null, appliedAt: null, render: null, paintedAt: null, bytes: 0, aborted: false };
          bench.answers.push(entry);
          entries.set(request.id, entry);
        }
        send(data);
      };
    }
  };

  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement && target.type === 'search')) return;
    const entry = { key: event.key, at: performance.now(), script: null, render: null, paintedAt: null, value: null, changed: false };
    bench.keys.push(entry);
    const afterTask = new MessageChannel();
    afterTask.port1.onmessage = () => {
      entry.script = performance.now() - entry.at;
      entry.value = target.value;
      afterPaint((at, frameStart) => {
        entry.render = at - frameStart;
        entry.paintedAt = at;
      });
    };
    afterTask.port2.postMessage(0);
  }, true);

  let rowsSeen = false;
  let opened = false;
  bench.resetRows = () => {
    rowsSeen = false;
    bench.rowsPaintedAt = null;
  };
  new MutationObserver((records) => {
    const list = document.querySelector(LIST);
    if (!rowsSeen && list && list.querySelector('[role="listitem"] .serial')) {
      rowsSeen = true;
      afterPaint((at) => (bench.rowsPaintedAt = at));
    }
    const entry = bench.keys[bench.keys.length - 1];
    if (entry && list && records.some((r) => list.contains(r.target))) entry.changed = true;
    if (OPEN_INVENTORY && !opened) {
      const button = [...document.querySelectorAll('nav[aria-label="Main"] button')].find((b) => b.textContent.trim() === 'Inventory');
      if (button) {
        opened = true;
        bench.inventoryClickedAt = performance.now();
        button.click();
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})()`;

/** The probes; `openInventory` clicks "Inventory" as soon as the main navigation exists. */
export const PROBES = probes(false);
export const PROBES_OPEN_INVENTORY = probes(true);

/** Scrolls the device list for ~2 s (≤ 600 frames) and returns rAF deltas and, per frame,
 * main-thread work: from the frame's scroll event (or its rAF) until after its paint. Rows
 * still on their way from the core show as placeholders; the note counts them at the end. */
export const SCROLL = `(async () => {
  const list = document.querySelector('[role="list"][aria-label="Inventory"], [role="list"][aria-label="All devices"]');
  if (!list) throw new Error('no device list');
  const deltas = [];
  const work = [];
  let frameStart = null;
  let placeholderFrames = 0;
  const onScroll = () => { if (frameStart === null) frameStart = performance.now(); };
  document.addEventListener('scroll', onScroll, true);
  const channel = new MessageChannel();
  channel.port1.onmessage = (message) => { work.push(performance.now() - message.data); };
  const room = list.scrollHeight - list.clientHeight;
  await new Promise((resolve) => {
    let last = null;
    let frames = 0;
    const end = performance.now() + 2000;
    const step = (now) => {
      if (last !== null) deltas.push(now - last);
      last = now;
      if (list.querySelector('[role="listitem"] .loading')) placeholderFrames += 1;
      if (now > end || ++frames > 600) return resolve();
      channel.port2.postMessage(frameStart ?? performance.now());
      frameStart = null;
      list.scrollTop = (list.scrollTop + 360) % room;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  document.removeEventListener('scroll', onScroll, true);
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { deltas, work, placeholderFrames, rowsInDom: list.querySelectorAll('[role="listitem"]').length };
})()`;

export interface Answer {
  /** The request's id on the operation socket (absent when the page fell back to POST). */
  id?: number;
  q: string | null;
  startedAt: number;
  bodyReadAt: number | null;
  parsedAt: number | null;
  appliedAt: number | null;
  render: number | null;
  paintedAt: number | null;
  bytes: number;
  aborted: boolean;
}

interface KeyTiming {
  key: string;
  at: number;
  /** keydown → end of its task and microtasks (ms). */
  script: number | null;
  /** The next frame's rAF → after its paint (ms). */
  render: number | null;
  paintedAt: number | null;
  /** The search box's value after the key. */
  value: string | null;
  changed: boolean;
}

/** Every request the page sent on an operation socket (any operation). */
interface SocketCall {
  /** Which socket of the page (index into `sockets`). */
  socket: number;
  id: number;
  op: string;
  sentAt: number;
  answeredAt: number | null;
}

export interface BenchState {
  answers: Answer[];
  rowsPaintedAt: number | null;
  keys: KeyTiming[];
  inventoryClickedAt: number | null;
  /** Operation sockets the page opened: created, open (handshake done). */
  sockets: { createdAt: number; openAt: number | null }[];
  calls: SocketCall[];
}

/**
 * The bridge's own round trip, as a baseline for the keystroke figure: \`count\` requests of an
 * operation that does no work (\`syncStatus\`: the sync engine's state, held in memory) on a
 * second operation socket of the same page, \`pauseMs\` apart like the keys; send → answer read.
 */
export const bridgeEchoTrips = (count: number, pauseMs: number): string => `(async () => {
  // The page's session secret, offered as the app's socket offers it (decision 71).
  const secret = localStorage.getItem(${JSON.stringify(BRIDGE_SECRET_STORAGE_KEY)});
  const socket = new WebSocket(new URL(${JSON.stringify(BRIDGE_SOCKET_PATH)}, location.href.replace(/^http/, 'ws')),
    [${JSON.stringify(BRIDGE_SOCKET_PROTOCOL)}, ${JSON.stringify(bridgeSecretProtocol('@'))}.replace('@', secret ?? '')]);
  await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = () => reject(new Error('the bridge socket did not open')); });
  const trips = [];
  for (let id = 1; id <= ${count}; id++) {
    await new Promise((resolve) => setTimeout(resolve, ${pauseMs}));
    const sent = performance.now();
    const answered = new Promise((resolve) => { socket.onmessage = (m) => { if (JSON.parse(m.data).id === id) resolve(performance.now()); }; });
    socket.send(JSON.stringify({ id, op: 'syncStatus', input: {} }));
    trips.push((await answered) - sent);
  }
  socket.close();
  return trips;
})()`;

export const READ_STATE = `(() => { const b = window.__bench; return { answers: b.answers, rowsPaintedAt: b.rowsPaintedAt, keys: b.keys, inventoryClickedAt: b.inventoryClickedAt, sockets: b.sockets, calls: b.calls }; })()`;

/**
 * Polls a page expression until it is truthy. Not page.waitForFunction: that compiles the
 * predicate inside the page, which the app's CSP (no 'unsafe-eval') rightly refuses.
 */
export async function waitInPage(
  page: {
    evaluate(expression: string): Promise<unknown>;
    waitForTimeout(ms: number): Promise<void>;
  },
  expression: string,
  { timeoutMs, intervalMs = 50 }: { timeoutMs: number; intervalMs?: number },
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await page.evaluate(expression)) return true;
    await page.waitForTimeout(intervalMs);
  }
  return false;
}
