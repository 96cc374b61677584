/**
 * The API key typed at sign-in must end up in the OS keychain and nowhere the renderer or the
 * disk can show it: not the DOM (nor any input's value), not local/session storage, not
 * IndexedDB, not cookies, not the address bar, not any bridge response, not any file under
 * the data dir (cache, outbox, activity, session, logs).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import type { Envelope, OperationName } from '../../electron/shared';
import {
  buildDiagnosticsZip,
  gatherCoreFacts,
} from '../../electron/common/diagnostics/diagnostics-zip';
import {
  BRIDGE_SECRET_HEADER,
  BRIDGE_SECRET_STORAGE_KEY,
  bridgeOperationPath,
} from '../../electron/shared/bridge-protocol';
import { expect, test } from './fixtures';
import { installHere, openStoreWithSpare } from './helpers';

/** Everything the page holds in script-readable places, as one string. */
async function pageState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [document.documentElement.outerHTML, location.href];
    for (const el of Array.from(document.querySelectorAll('input, textarea'))) {
      parts.push((el as HTMLInputElement).value);
    }
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i) ?? '';
        parts.push(key, storage.getItem(key) ?? '');
      }
    }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        parts.push(JSON.stringify(all));
      }
      db.close();
    }
    parts.push(document.cookie);
    return parts.join('\n');
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

test('the API key is nowhere in the renderer, its storage, the bridge answers or the data dir', async ({
  page,
  dataDir,
  sandbox,
  signIn,
}) => {
  const responses: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/op/')) return;
    responses.push(await response.text().catch(() => ''));
  });
  // The page's operations go over the bridge's socket: every answer frame counts too.
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => responses.push(String(frame.payload))),
  );

  const user = await signIn(page);
  const key = user.api_key;
  const needles = [key, Buffer.from(`${user.organizations[0]!.id}:${key}`).toString('base64')];
  const states: string[] = [await pageState(page)];

  const { serial } = await openStoreWithSpare(page, sandbox);
  states.push(await pageState(page));
  await installHere(page, serial);
  await expect(page.getByText(/Installed|Waiting for first check-in/).first()).toBeVisible();
  states.push(await pageState(page));
  for (const screen of ['Inventory', 'Activity', 'Settings']) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: screen })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    states.push(await pageState(page));
  }
  const cookies = JSON.stringify(await page.context().cookies());

  expect(responses.length).toBeGreaterThan(5);
  for (const needle of needles) {
    for (const state of states)
      expect(state.includes(needle), 'page DOM / storage / URL').toBe(false);
    expect(cookies.includes(needle), 'cookies').toBe(false);
    for (const body of responses) expect(body.includes(needle), 'bridge response').toBe(false);
  }
  const files = await filesUnder(join(dataDir, 'app'));
  expect(files.some((f) => f.includes('logs'))).toBe(true);
  for (const file of files) {
    const content = await readFile(file, 'latin1');
    for (const needle of needles) expect(content.includes(needle), file).toBe(false);
  }

  // Export diagnostics: the zip built from this session's core answers (asked through the
  // bridge, as the page would) and its logs, unzipped, holds no secret either.
  const invoke = (name: OperationName, input: object) =>
    page.evaluate(
      async ([path, body, header, key]) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [header]: localStorage.getItem(key) ?? '',
          },
          body,
        });
        return (await response.json()) as Envelope<unknown>;
      },
      [
        bridgeOperationPath(name),
        JSON.stringify(input),
        BRIDGE_SECRET_HEADER,
        BRIDGE_SECRET_STORAGE_KEY,
      ] as const,
    );
  const facts = await gatherCoreFacts(invoke);
  expect(facts.session?.signedIn).toBe(true);
  const zip = await buildDiagnosticsZip({
    ...facts,
    versions: { app: 'test', electron: null, chrome: null, node: process.version, os: 'test' },
    logsDir: join(dataDir, 'app', 'logs'),
    crashDumpsDir: null,
    now: new Date(),
  });
  const entries = Object.entries(unzipSync(zip));
  expect(entries.some(([name]) => name.startsWith('logs/main'))).toBe(true);
  for (const [name, bytes] of entries) {
    const content = strFromU8(bytes, true);
    for (const needle of needles) expect(content.includes(needle), `zip: ${name}`).toBe(false);
  }
});
