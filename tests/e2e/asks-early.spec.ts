import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openFirstStore, openTrainingInventory } from './helpers';
import { scannerBurst } from './helpers/scanner';

// Starting the app and opening a screen wait on the core's answers. The page asks first and
// builds while the core works: the session status leaves while the language's words are
// still loading, and a screen's first read leaves before the screen's elements are made.
// Both were once asked only after a render, which put a round trip behind it on every start.

/** Every operation the page sends on its socket, with what the page showed at that moment. */
const RECORD_SENDS = `(() => {
  const sends = (window.__sends = []);
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    let op = null;
    try { op = JSON.parse(data).op ?? null; } catch { op = null; }
    const heading = document.querySelector('main h1');
    sends.push({
      op,
      heading: heading ? heading.textContent.trim() : null,
      inventoryList: document.querySelector('[role="list"][aria-label="Inventory"]') !== null,
    });
    return send.call(this, data);
  };
})()`;

/** The core's pushed events, by type, and when the last 'data-updated' came. */
const RECORD_EVENTS = `(() => {
  const events = (window.__events = []);
  window.__lastDataUpdate = 0;
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('message', (m) => {
        let type = null;
        try { type = JSON.parse(m.data).type; } catch { type = null; }
        events.push(type);
        if (type === 'data-updated') window.__lastDataUpdate = performance.now();
      });
    }
  };
})()`;

interface Sent {
  op: string | null;
  heading: string | null;
  inventoryList: boolean;
}

/**
 * Holds the start language's chunk until a frame on the page's socket (one it sent, or one it
 * received) carries `text`, or 10 s went by; `seen()` says whether that frame came in time.
 */
async function holdWordsUntilFrame(
  page: Page,
  direction: 'framesent' | 'framereceived',
  text: string,
): Promise<{ seen: () => boolean }> {
  let seen = false;
  let seenInTime = false;
  const onFrame = ({ payload }: { payload: string | Buffer }) => {
    if (String(payload).includes(text)) seen = true;
  };
  page.on('websocket', (socket) =>
    direction === 'framesent'
      ? socket.on('framesent', onFrame)
      : socket.on('framereceived', onFrame),
  );
  await page.route(/\/assets\/words-shell\.en-[\w-]{8}\.js$/, async (route) => {
    const until = Date.now() + 10_000;
    while (!seen && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    seenInTime = seen;
    await route.continue();
  });
  return { seen: () => seenInTime };
}

test('the session status is asked while the language is still loading', async ({ page, web }) => {
  const status = await holdWordsUntilFrame(page, 'framesent', '"op":"sessionStatus"');
  await page.goto(web.info.url);
  await expect(page.getByRole('button', { name: 'Start training mode' })).toBeVisible({
    timeout: 30_000,
  });
  expect(status.seen()).toBe(true);
});

// Whatever "Starting…" the page built, seen even when it was gone before anything painted:
// the nodes a mutation added keep their text after they were taken out again.
const RECORD_STARTING = `(() => {
  window.__startingBuilt = false;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if ((node.textContent || '').includes('Starting…')) window.__startingBuilt = true;
  }).observe(document, { childList: true, subtree: true });
})()`;

test('a status that came before the words opens its screen without building "Starting…"', async ({
  page,
  web,
}) => {
  await page.addInitScript({ content: RECORD_STARTING });
  const status = await holdWordsUntilFrame(page, 'framereceived', '"signedIn":');
  await page.goto(web.info.url);
  await expect(page.getByRole('button', { name: 'Start training mode' })).toBeVisible({
    timeout: 30_000,
  });
  expect(status.seen()).toBe(true);
  expect(await page.evaluate('window.__startingBuilt')).toBe(false);
});

test("a screen's first read leaves before the screen is built", async ({ page, web }) => {
  await page.addInitScript({ content: RECORD_SENDS });
  await openTrainingInventory(page, web.info.url);
  await expect(
    page.getByRole('list', { name: 'Inventory' }).locator('.serial').first(),
  ).toBeVisible({ timeout: 30_000 });
  const sent = (await page.evaluate('window.__sends')) as Sent[];
  const first = sent.find((s) => s.op === 'queryDevices');
  expect(first, JSON.stringify(sent)).toBeDefined();
  // Still the screen it came from: neither the Inventory's heading nor its list exist yet.
  expect(first).toMatchObject({ inventoryList: false });
  expect(first?.heading).not.toBe('Inventory');
  // Nor is anything else asked on the way to the rows: no store names for devices in no store
  // (a read of every store), no icon (a 404 from the bridge; the page names none).
  const fromInventory = sent.slice(sent.indexOf(first as Sent)).map((s) => s.op);
  expect(fromInventory).not.toContain('listLocations');
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  const icons = await page.evaluate(
    `performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/favicon.ico')).length`,
  );
  expect(icons).toBe(0);
});

// A scan on a store's Scan screen reads the device to know it exists; its screen then asked
// the core the same question again before it showed anything: a second round trip and a
// second render between the scan's Enter and the facts (decision record 32, scan-to-device-p95-1m).
test('a scan opens its device with the one read it made', async ({ page, spareSerial }) => {
  await page.addInitScript({ content: RECORD_SENDS });
  await page.addInitScript({ content: RECORD_EVENTS });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await openFirstStore(page);
  await page.getByRole('button', { name: 'Scan device' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan device' })).toBeVisible();
  // The scan is made with nothing changing underneath: a data update (the start's sync and
  // what follows it) has every screen read again, the handed-over answer with them.
  await expect
    .poll(() => page.evaluate('performance.now() - window.__lastDataUpdate'), { timeout: 20_000 })
    .toBeGreaterThan(2_000);
  await page.evaluate('window.__sends.length = 0');
  await scannerBurst(page, spareSerial);
  await expect(page.getByRole('heading', { level: 1, name: spareSerial })).toBeVisible();
  // What the read answered, shown: the device's own facts.
  const facts = page.locator('main dl.facts');
  await expect(facts).toContainText(spareSerial);
  await expect(facts).toContainText('Not installed');
  // Reads once the device's screen shows (a data update, the minute's refresh) are its own.
  const sent = (await page.evaluate('window.__sends')) as Sent[];
  const before = sent.filter((s) => s.op === 'getDevice' && s.heading !== spareSerial);
  expect(before, JSON.stringify(sent)).toEqual([
    { op: 'getDevice', heading: 'Scan device', inventoryList: false },
  ]);
});

// Every status the core pushes (one follows each action, each connectivity change) had the
// page ask for the whole queue again, though the core pushes the queue itself whenever it
// changes: a round trip and a re-render behind every install (decision record 32).
test('an install does not ask for the queue the core has just pushed', async ({
  page,
  spareSerial,
}) => {
  await page.addInitScript({ content: RECORD_SENDS });
  await page.addInitScript({ content: RECORD_EVENTS });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await openFirstStore(page);
  await page.getByRole('button', { name: 'Scan device' }).click();
  // The store's Scan screen first, as the test above: a burst sent before it was shown opened
  // the device with no store to install at ("Install at…"), seen on a loaded machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Scan device' })).toBeVisible();
  await scannerBurst(page, spareSerial);
  await expect(page.getByRole('button', { name: 'Install here' })).toBeEnabled();
  await page.evaluate('window.__sends.length = 0; window.__events.length = 0');
  await page.getByRole('button', { name: 'Install here' }).click();
  // Sent at once (training mode is online): the queue went from one action to none, and the
  // core said so, with a status after each.
  await expect(page.getByRole('heading', { level: 1, name: /^Verify/ })).toBeVisible();
  await expect
    .poll(() => page.evaluate('window.__events.filter((t) => t === "session").length'))
    .toBeGreaterThanOrEqual(2);
  const sent = (await page.evaluate('window.__sends')) as Sent[];
  expect(sent.filter((s) => s.op === 'listOutbox')).toEqual([]);
  await expect(page.getByRole('banner')).not.toContainText('queued');
});
