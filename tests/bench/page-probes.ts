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
 * - keys: per keystroke in the search box, keydown → the first animation frame after it
 *   (firstFrame) and → the animation frame after the list DOM changed (changedFrame, null
 *   while the list has not changed: a keystroke may leave the matches as they were);
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
    const entry = { key: event.key, at: performance.now(), firstFrame: null, changedFrame: null, scheduled: false };
    bench.keys.push(entry);
    requestAnimationFrame((frameAt) => (entry.firstFrame = frameAt - entry.at));
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
    if (entry && !entry.scheduled && list && records.some((r) => list.contains(r.target))) {
      entry.scheduled = true;
      requestAnimationFrame((frameAt) => (entry.changedFrame = frameAt - entry.at));
    }
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
  firstFrame: number | null;
  changedFrame: number | null;
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
