/** A real work.db (the outbox as SQLite rows) for replay tests: in memory, or a temp file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase, type Db } from '../../../electron/core/db/open-database';
import { WORK_MIGRATIONS } from '../../../electron/core/db/schema';
import {
  intentRows,
  type IntentRows,
  type NewIntent,
} from '../../../electron/core/store/intent-rows';

export interface WorkDb {
  db: Db;
  intents: IntentRows;
}

export function openWorkDb(path = ':memory:'): WorkDb {
  const db = openDatabase(path, { migrations: WORK_MIGRATIONS });
  return { db, intents: intentRows(db) };
}

/** A fresh in-memory work.db for each test of the file, closed after it. */
export function useWorkDb(): WorkDb {
  const current = {} as WorkDb;
  beforeEach(() => void Object.assign(current, openWorkDb()));
  afterEach(() => current.db.close());
  return current;
}

export async function tempWorkDir(): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'fi-work-'));
  return { path: join(dir, 'work.db'), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The kinds a device is placed or taken away by. */
export type Placement = 'install' | 'uninstall' | 'move';

/** A placement's intent, without a label (its payload may be left out). */
export const intent = (
  kind: Placement,
  serial: string,
  locationId: string | null,
  fromLocationId: string | null = null,
  locationName: string | null = null,
): NewIntent => ({
  kind,
  serial,
  locationId,
  locationName,
  fromLocationId,
  keyFingerprint: 'test',
});
