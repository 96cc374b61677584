/**
 * Scripts that run inside the app page to time what only the page can see. They are strings
 * on purpose: tsx compiles this file with esbuild's keepNames, whose __name() helper does not
 * exist in the page, so serialised functions could break there.
 *
 * PROBES (an init script, so it runs before the app in every document) keeps window.__bench:
 * - arrivals: for each listInventory answer, when its body had been read (bodyReadAt) and
 *   parsed (parsedAt), wrapping fetch and the answer's json();
 * - rowsPaintedAt: the first frame with inventory rows (again after resetRows()), after that frame was painted (a
 *   MutationObserver sees the rows, requestAnimationFrame waits for the frame, a
 *   MessageChannel message posted there runs after its paint); performance.now() counts from
 *   navigation start, so in a fresh document it is also "navigation start → rows visible";
 * - keys: per keystroke in the search box, the main-thread work until the updated list is on
 *   screen: keydown → the end of the keystroke's task and its microtasks (the search and
 *   Svelte's DOM update; a MessageChannel message posted at keydown runs after them), plus
 *   the next frame's rendering (its rAF → after its paint). Idle time waiting for the vsync
 *   is not work and is left out: it depends on where in the 16.7 ms the key happened to
 *   land. `changed` says whether the list DOM changed (a key may leave the matches as
 *   they were);
 * - with sessionStorage 'bench-open-inventory' = '1', clicks "Inventory" in the main
 *   navigation the moment it exists, as an impatient user would (no test-driver latency).
 */
export const PROBES = `(() => {
  const bench = (window.__bench = { arrivals: [], rowsPaintedAt: null, keys: [], inventoryClickedAt: null });
  const LIST = '[role="list"][aria-label="Inventory"]';
  const afterPaint = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(0);
  });

  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/op/listInventory')) return response;
    response.json = async () => {
      const text = await response.text();
      const bodyReadAt = performance.now();
      const value = JSON.parse(text);
      bench.arrivals.push({ bodyReadAt, parsedAt: performance.now(), bytes: text.length });
      return value;
    };
    return response;
  };

  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement && target.type === 'search')) return;
    const entry = { key: event.key, at: performance.now(), script: null, render: null, work: null, changed: false };
    bench.keys.push(entry);
    const afterTask = new MessageChannel();
    afterTask.port1.onmessage = () => {
      entry.script = performance.now() - entry.at;
      requestAnimationFrame(() => {
        const frameStart = performance.now();
        const afterFramePaint = new MessageChannel();
        afterFramePaint.port1.onmessage = () => {
          entry.render = performance.now() - frameStart;
          entry.work = entry.script + entry.render;
        };
        afterFramePaint.port2.postMessage(0);
      });
    };
    afterTask.port2.postMessage(0);
  }, true);

  let rowsSeen = false;
  bench.resetRows = () => {
    rowsSeen = false;
    bench.rowsPaintedAt = null;
  };
  new MutationObserver((records) => {
    const list = document.querySelector(LIST);
    if (!rowsSeen && list && list.querySelector('[role="listitem"]')) {
      rowsSeen = true;
      afterPaint((at) => (bench.rowsPaintedAt = at));
    }
    const entry = bench.keys[bench.keys.length - 1];
    if (entry && list && records.some((r) => list.contains(r.target))) entry.changed = true;
    if (sessionStorage.getItem('bench-open-inventory') === '1') {
      const button = [...document.querySelectorAll('nav[aria-label="Main"] button')].find((b) => b.textContent.trim() === 'Inventory');
      if (button) {
        sessionStorage.removeItem('bench-open-inventory');
        bench.inventoryClickedAt = performance.now();
        button.click();
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})()`;

/** Scrolls the inventory list for ~2 s (≤ 600 frames) and returns rAF deltas and, per frame,
 * main-thread work: from the frame's scroll event (or its rAF) until after its paint. */
export const SCROLL = `(async () => {
  const list = document.querySelector('[role="list"][aria-label="Inventory"]');
  if (!list) throw new Error('no inventory list');
  const deltas = [];
  const work = [];
  let frameStart = null;
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
      if (now > end || ++frames > 600) return resolve();
      channel.port2.postMessage(frameStart ?? performance.now());
      frameStart = null;
      list.scrollTop = (list.scrollTop + 360) % room;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  document.removeEventListener('scroll', onScroll, true);
  return { deltas, work, rowsInDom: list.querySelectorAll('[role="listitem"]').length };
})()`;

export interface Arrival {
  bodyReadAt: number;
  parsedAt: number;
  bytes: number;
}

export interface KeyTiming {
  key: string;
  /** keydown → end of its task and microtasks (ms). */
  script: number | null;
  /** The next frame's rAF → after its paint (ms). */
  render: number | null;
  /** script + render: main-thread work until the updated list is on screen (ms). */
  work: number | null;
  changed: boolean;
}

export interface BenchState {
  arrivals: Arrival[];
  rowsPaintedAt: number | null;
  keys: KeyTiming[];
  inventoryClickedAt: number | null;
}

export const READ_STATE = `(() => { const b = window.__bench; return { arrivals: b.arrivals, rowsPaintedAt: b.rowsPaintedAt, keys: b.keys, inventoryClickedAt: b.inventoryClickedAt }; })()`;

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
