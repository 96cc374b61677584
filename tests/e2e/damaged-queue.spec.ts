/**
 * A queue file damaged while the app was stopped is shown to the technician, in browser mode
 * on a real work.db cut to half: the notice on every screen and the entry in the Activity log
 * say the same. (Counts and every way of damaging it: tests/integration/store.)
 */
import { readdirSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { checkScreen, expect, startWeb, test } from './fixtures';
import { openNav } from './helpers';

test('a damaged queue is shown on the screen and in the Activity log', async ({
  page,
  dataDir,
}) => {
  const app = join(dataDir, 'app');
  // The app's first run writes the queue file; it is stopped before the file is damaged.
  const first = await startWeb(app, ['--training']);
  await page.goto(first.info.url);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await first.stop();
  const accounts = join(app, 'accounts');
  const scope = readdirSync(accounts).find((name) => name.startsWith('training-'))!;
  const work = join(accounts, scope, 'work.db');
  // Everything into the main file first (the app may have stopped before it did), then cut.
  const db = new Database(work);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  truncateSync(work, Math.floor(statSync(work).size / 2));

  const web = await startWeb(app, ['--training']);
  await page.goto(web.info.url);
  const alert = page.getByRole('alert').filter({ hasText: 'could not be read' });
  await expect(alert).toContainText('The damaged file was kept at');
  await expect(alert).toContainText(`${scope}`);
  await checkScreen(page, 'queue-damaged', 'light');
  await openNav(page, 'Activity');
  const row = page.getByRole('row').filter({ hasText: 'Saved data' });
  await expect(row).toContainText('could not be read');
});
