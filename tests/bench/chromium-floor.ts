/**
 * What this machine's Chromium costs before any app code: the floors of the two inventory
 * figures, measured in the same browser and run as the figures themselves, so a report can
 * say how much of a figure is the app's and how much no app could avoid.
 *
 * - staticFirstPaint: first contentful paint of a static page (a heading and a line of text,
 *   no script, no other file) in a fresh context, navigation start → paint. Every cold start
 *   is at least this.
 * - firstIntl: the first `Intl.NumberFormat` a fresh page builds (ICU loads its data once
 *   per renderer process). Any screen that shows a count or a time pays it before its paint.
 * - staticKeystroke: a key typed into the search box of a static page with 30 rows and no
 *   script of its own, timed like the app's keys (keydown → its task → the next frame's
 *   rendering): Chromium's own editing, input handling and frame, with no round trip.
 * - echoKeystroke: the app's keystroke path with no app behind it: each key's search goes
 *   over a WebSocket (as the page's operation socket does) to a loopback server that answers
 *   at once with 30 rows of the app's size, and ten lines of script write them into the list;
 *   timed by the same probes and rules as the app's keys (inventory-input.ts perKey). The
 *   server runs in this process; run in a process of its own it measured the same or slower.
 *
 * The pages come from a loopback server of their own; medians (p95 for keys) of a few runs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { WebSocketServer } from 'ws';
import { newAppContext } from './browser-app';
import { keyLatencies, typeAndDelete } from './inventory-input';
import { PROBES, READ_STATE, waitInPage, type BenchState } from './page-probes';
import { median, p95 } from './stats';

const RUNS = 5;
const ROWS = Array.from(
  { length: 30 },
  (_, i) => `<li>FTC-${String(10_000_000 + i * 7_919)} Door Counter DC-200</li>`,
).join('');

const PAGES: Record<string, string> = {
  '/paint': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head>
<body><h1>Inventory</h1><p>666,701 devices</p></body></html>`,
  '/intl': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head>
<body><script>
  const t0 = performance.now();
  new Intl.NumberFormat('en').format(666701);
  window.__firstIntl = performance.now() - t0;
</script></body></html>`,
  '/keys': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head>
<body><input type="search" aria-label="Search inventory"><ul>${ROWS}</ul></body></html>`,
  '/echo': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head>
<body><input type="search" aria-label="Search inventory"><ul>${ROWS}</ul><script>
  const socket = new WebSocket(location.origin.replace('http', 'ws') + '/socket');
  const items = document.querySelectorAll('li');
  let id = 0;
  document.querySelector('input').addEventListener('input', (event) => {
    socket.send(JSON.stringify({ id: ++id, op: 'queryDevices', input: { q: event.target.value } }));
  });
  socket.onmessage = (message) => {
    const { answer } = JSON.parse(message.data);
    answer.rows.forEach((row, i) => { items[i].textContent = row.serial_number + ' ' + row.device_type; });
  };
</script></body></html>`,
};

/** 30 rows as the app's answer carries them (~9.5 KB, like a queryDevices window). */
const echoAnswer = (q: string): string =>
  JSON.stringify({
    rows: Array.from({ length: 30 }, (_, i) => ({
      serial_number: `FTC-${String(10_000_000 + i * 7_919)}`,
      device_type: 'Door Counter DC-200',
      firmware_version: '2.5.3',
      label: 'Main entrance',
      location: { id: `loc_${String(i).padStart(6, '0')}`, name: `Store ${q} ${i}` },
      last_check_in: '2026-11-25T10:00:00.000Z',
      update_interval_seconds: 300,
      installed_at: null,
      board: 'DC2',
      padding: 'x'.repeat(180),
    })),
    total: 30,
    offset: 0,
  });

export interface ChromiumFloor {
  /** Median first contentful paint of a static page in a fresh context (ms). */
  staticFirstPaint: number;
  /** Median time of a fresh page's first Intl.NumberFormat (ms). */
  firstIntl: number;
  /** p95 of a key typed into a static page's search box → its next frame painted (ms). */
  staticKeystroke: number;
  /** p95 of a key → an echo server's 30 rows over a WebSocket written and painted (ms). */
  echoKeystroke: number;
  /** Median navigation start → the static page's HTML received (responseEnd, ms). */
  staticHtml: number;
  /** The echo page's probes (its socket, each key's send, answer, write and paint): the
   * floors of the phases (phases.ts). */
  echoState: BenchState;
}

async function inFreshPage<T>(
  browser: Browser,
  url: string,
  read: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await newAppContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    return await read(page);
  } finally {
    await context.close();
  }
}

export async function measureChromiumFloor(browser: Browser): Promise<ChromiumFloor> {
  const server = createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page ?? '');
  });
  const sockets = new WebSocketServer({ server, path: '/socket' });
  sockets.on('connection', (socket) =>
    socket.on('message', (data: Buffer) => {
      const request = JSON.parse(data.toString()) as { id: number; input: { q: string } };
      socket.send(`{"id":${request.id},"answer":${echoAnswer(request.input.q)}}`);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const paints: number[] = [];
    const html: number[] = [];
    const intl: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const [paint, htmlEnd] = await inFreshPage(browser, `${origin}/paint`, async (page) => {
        const painted = `performance.getEntriesByName('first-contentful-paint').length > 0`;
        if (!(await waitInPage(page, painted, { timeoutMs: 10_000 })))
          throw new Error('the static page never painted');
        return (await page.evaluate(
          `[performance.getEntriesByName('first-contentful-paint')[0].startTime, performance.getEntriesByType('navigation')[0].responseEnd]`,
        )) as [number, number];
      });
      paints.push(paint);
      html.push(htmlEnd);
      intl.push(
        await inFreshPage(
          browser,
          `${origin}/intl`,
          async (page) => (await page.evaluate('window.__firstIntl')) as number,
        ),
      );
    }
    const echoState = await typeInto(browser, `${origin}/echo`);
    return {
      staticFirstPaint: median(paints),
      firstIntl: median(intl),
      staticKeystroke: p95(keyLatencies(await typeInto(browser, `${origin}/keys`))),
      echoKeystroke: p95(keyLatencies(echoState)),
      staticHtml: median(html),
      echoState,
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** As many keys as the app bench's 36 (its two fragments' lengths), typed and deleted as the
 * app's keys are, each timed the same way. */
async function typeInto(browser: Browser, url: string): Promise<BenchState> {
  const context = await newAppContext(browser);
  try {
    await context.addInitScript({ content: PROBES });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('searchbox').click();
    await typeAndDelete(page, 'lu2pkgm4z5 munchen');
    return (await page.evaluate(READ_STATE)) as BenchState;
  } finally {
    await context.close();
  }
}
