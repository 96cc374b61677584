/**
 * One migration's upgrade on a real SQLite file: the file is built at the version before by
 * running migrations 1..N-1 (as the app that shipped them did), `seed` puts in the rows that
 * version could hold, and the file is opened again with migrations 1..N.
 */
import { expect } from 'vitest';
import { openDatabase, type Db } from '../../../electron/core/db/open-database';
import type { Migration } from '../../../electron/core/db/schema';

export function upgradeTo(
  path: string,
  migrations: readonly Migration[],
  version: number,
  seed: (db: Db) => void = () => undefined,
): Db {
  const before = openDatabase(path, { migrations: migrations.slice(0, version - 1) });
  expect(before.pragma('user_version', { simple: true })).toBe(version - 1);
  seed(before);
  before.close();
  const after = openDatabase(path, { migrations: migrations.slice(0, version) });
  expect(after.pragma('user_version', { simple: true })).toBe(version);
  return after;
}

/** The columns of a table, in order. */
export function columns(db: Db, table: string): string[] {
  return (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
}

/** Whether the schema holds an object (table, index, trigger) of this name. */
export function has(db: Db, name: string): boolean {
  return db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(name) !== undefined;
}

export function rows(db: Db, sql: string): unknown[] {
  return db.prepare(sql).all();
}
