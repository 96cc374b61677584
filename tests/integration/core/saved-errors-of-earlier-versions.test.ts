/**
 * What an earlier version saved in English stays readable: a queued action's last error kept
 * as {kind, message, nextStep} with no code, and an activity entry whose refusal has only
 * English words. The core reads them back as they are, the renderer shows their English on an
 * English screen and the kind's sentence in another language, and the queued action can still
 * be tried again. Real core, real sandbox, real SQLite files edited as the earlier version
 * left them.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { AppError } from '../../../electron/core/app-error';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { activityDetail } from '../../../renderer/src/lib/words/activity-text';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';

/** A refusal as versions before codes wrote it: English words, no code. */
const OLD_ERROR = {
  kind: 'forbidden',
  message: 'Your API key does not give access to this organization.',
  nextStep: 'Choose another organization, or ask your admin to give your key access to this one.',
  status: 403,
  // Its fields were English too, for a form long gone.
  fields: { locationId: 'is not allowed' },
};

/** Every work.db under `dir` (one per account and organization). */
const workDbs = async (dir: string): Promise<string[]> => {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name === 'work.db') found.push(join(entry.parentPath, entry.name));
  return found;
};

let dir: string;
let sandbox: RunningSandbox;
let harness: CoreHarness | undefined;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'fi-saved-errors-'))));
afterEach(async () => {
  setLocaleSource(() => FALLBACK_LOCALE);
  await harness?.close();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('errors saved by an earlier version', () => {
  it('read back, say their English on an English screen and the kind elsewhere, and retry', async () => {
    sandbox = await startSandbox({ port: 0, dataFile: join(dir, 'sandbox.json') });
    const user = sandbox.users.find((u) => u.organizations.length === 1) ?? sandbox.users[0]!;
    const first = await startCoreHarness({ dataDir: join(dir, 'core') });
    harness = first;
    await first.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
    await first.call('syncNow');
    const { rows } = await first.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 1 });
    const serial = rows[0]!.serial;
    const here = (await first.call('listLocations')).value[0]!;
    const port = Number(new URL(sandbox.baseUrl).port);
    await sandbox.close();
    const queued = await first.call('installDevice', { serial, locationId: here.id });
    if (queued.status !== 'queued') throw new Error('the install was not queued');
    await first.close();
    harness = undefined;

    // The earlier version's rows: a failed action with its English error, and the refusal in
    // the activity log with only its words.
    const [workDb] = await workDbs(join(dir, 'core'));
    const raw = new Database(workDb!);
    raw
      .prepare(`UPDATE intents SET state = 'failed', attempts = 1, last_error = ? WHERE id = ?`)
      .run(JSON.stringify(OLD_ERROR), queued.item.id);
    raw
      .prepare(`UPDATE activity SET result = 'failed', detail = ?, data = ? WHERE intent_id = ?`)
      .run(
        OLD_ERROR.message,
        JSON.stringify({
          fact: { kind: 'failed', error: { kind: 'forbidden', message: OLD_ERROR.message } },
        }),
        queued.item.id,
      );
    // An earlier version had no chained record: its rows are chained at the next open.
    raw.exec(`DROP TRIGGER record_entries_never_removed;
      DELETE FROM record_entries;
      INSERT INTO record_to_chain SELECT id FROM visits;`);
    raw.close();

    sandbox = await startSandbox({ port, dataFile: join(dir, 'sandbox.json') });
    harness = await startCoreHarness({
      dataDir: join(dir, 'core'),
      keychainService: first.keychainService,
    });
    const [item] = await harness.call('listOutbox');
    expect(item).toMatchObject({ id: queued.item.id, state: 'failed', lastError: OLD_ERROR });
    const [entry] = await harness.call('listActivity', {});
    expect(entry).toMatchObject({ intentId: queued.item.id, result: 'failed' });

    expect(errorWords(item!.lastError!)).toEqual({
      message: OLD_ERROR.message,
      nextStep: OLD_ERROR.nextStep,
    });
    expect(activityDetail(entry!)).toBe(OLD_ERROR.message);
    setLocaleSource(() => resolveLocale(['de']));
    expect(errorWords(item!.lastError!).message).toBe('Ihr API-Schlüssel erlaubt das nicht.');
    expect(activityDetail(entry!)).toBe('Ihr API-Schlüssel erlaubt das nicht.');

    // Thrown again, it has a code (no words are left in the core).
    expect(AppError.fromSaved(item!.lastError!).toShape()).toEqual({
      kind: 'forbidden',
      code: 'internal',
      status: 403,
    });

    // Tried again, it is sent and its row says so in kinds.
    await harness.call('retryOutboxItem', { id: queued.item.id });
    await harness.call('syncNow');
    expect(await harness.call('listOutbox')).toEqual([]);
    const [sent] = await harness.call('listActivity', {});
    expect(sent).toMatchObject({
      intentId: queued.item.id,
      result: 'done',
      detail: '',
      fact: { kind: 'installed', location: here.name },
    });
  });
});
