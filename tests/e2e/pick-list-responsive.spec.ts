/**
 * The app stays responsive while a 20,000-character paste is checked (decision 70): with 50,000
 * devices in the account, a pasted list of 1,000 serials is answered at once and checked in the
 * background with its progress shown, and a click meanwhile answers within 100 ms.
 *
 * How it is measured, so that this loaded 2-core machine shows as what it is: from the paste on
 * the page clicks "Add" every 10 ms (in the page, so the clicks overlap the check however fast
 * this machine checks), and Chromium's trace of the page's main thread gives each task's thread
 * time (`tdur`: the time it ran, not the time other processes held the CPU; on this machine a
 * task that ran 3 ms took 79 ms of wall time). A click that comes as the longest task starts
 * waits that task out, then runs its own: the two longest tasks together must stay under
 * 100 ms. Before, 1,000 table rows were built at once when the answer came.
 */
import { expect, test } from './fixtures';

test.use({ sandboxArgs: ['--devices', '50000'] });

/**
 * 1,000 serials the inventory does not have, one a line: 20,000 characters. Varied as labels
 * are (a fixed sequence): each is a lookup of its own.
 */
const PASTE = (() => {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let x = 20_240_601;
  const next = () => {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    return chars[x % chars.length];
  };
  return Array.from(
    { length: 1_000 },
    () => `FTC-${Array.from({ length: 15 }, next).join('')}\n`,
  ).join('');
})();

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Thread time (ms) of each top-level task of the page's main thread, longest first. */
const taskTimes = (events: readonly TraceEvent[]): number[] => {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  return events
    .filter(
      (e) =>
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ph === 'X' &&
        e.name === 'ThreadControllerImpl::RunTask',
    )
    .map((e) => (e.tdur ?? 0) / 1000)
    .sort((a, b) => b - a);
};

// Alone (tests/e2e/run.mjs): with another test's Chromium on the same 2 cores, the 50,000
// devices' first sync and the paste's check are starved, not measured.
test(
  'a click answers within 100 ms while a 20,000-character paste is checked',
  { tag: '@alone' },
  async ({ page, browser, atStore: { store } }) => {
    test.setTimeout(180_000);
    expect(PASTE).toHaveLength(20_000);
    await page.getByRole('button', { name: 'Pick list' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pick list' })).toBeVisible();
    await expect(page.getByText(`At ${store.name}`)).toBeVisible();

    // "Did you mean" is asked for the unknown lines in view, not for the 1,000 of the paste: the
    // page's operation socket (opened at start) counts what it sends.
    await page.evaluate(() => {
      const w = window as unknown as { __near: number };
      w.__near = 0;
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (data) {
        if (String(data).includes('"op":"nearSerials"')) w.__near += 1;
        return send.call(this, data);
      };
    });
    const nearAsked = () => page.evaluate(() => (window as unknown as { __near: number }).__near);
    await page.getByLabel('Serial numbers').focus();
    await browser.startTracing(page, { categories: ['toplevel'] });
    // From the paste on, "Add" is clicked every 10 ms (the field is empty: each click answers in
    // words under the field) until the list is checked, and 30 times more; each click notes
    // whether the paste was still being added or checked then (no line yet, the progress bar, or
    // a line saying "Checking…").
    const clicks = await page.evaluate(async (text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
      const add = [...document.querySelectorAll('button')].find(
        (b) => b.textContent?.trim() === 'Add',
      )!;
      const checking = () =>
        document.querySelector('tbody tr') === null ||
        document.querySelector('progress') !== null ||
        [...document.querySelectorAll('tbody .badge')].some((b) => b.textContent === 'Checking…');
      let during = 0;
      for (let after = 0, i = 0; after < 30 && i < 3_000; i++) {
        await new Promise((r) => setTimeout(r, 10));
        if (checking()) during += 1;
        else after += 1;
        add.click();
      }
      return during;
    }, PASTE);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };

    await expect(page.locator('progress')).toHaveCount(0);
    await expect(page.locator('tbody tr').first()).toContainText('Not among the devices');
    await expect(page.getByText('Lines 1–100 of 1,000')).toBeVisible();
    await expect(page.getByText('Enter or scan a serial number.')).toBeVisible();
    expect(clicks, 'clicks made while the paste was added and checked').toBeGreaterThanOrEqual(3);
    await expect.poll(nearAsked).toBeGreaterThan(0);
    await page.waitForTimeout(1_000);
    expect(await nearAsked(), 'lines asked "did you mean" for').toBeLessThanOrEqual(30);
    const [longest = 0, next = 0] = taskTimes(trace.traceEvents);
    expect(longest + next).toBeLessThan(100);
  },
);
