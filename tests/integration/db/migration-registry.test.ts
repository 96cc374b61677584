/**
 * The registry (electron/core/db/schema.ts) runs each database's migrations by the number each
 * file states: a gap or a repeated number stops the app at start, and every file in
 * migrations/<db>/ is listed, at the number its name gives.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { numbered, type NumberedMigration } from '../../../electron/core/db/migrations/numbered';
import {
  APP_MIGRATIONS,
  CACHE_MIGRATIONS,
  WORK_MIGRATIONS,
} from '../../../electron/core/db/schema';

const m = (version: number): NumberedMigration => ({ version, sql: `-- ${version}` });

describe('the migration registry', () => {
  it('runs migrations by their number, whatever order they are listed in', () => {
    expect(numbered('work.db', [m(2), m(1), m(3)])).toEqual(['-- 1', '-- 2', '-- 3']);
  });

  it('refuses a gap', () => {
    expect(() => numbered('work.db', [m(1), m(3)])).toThrow('work.db migrations: 2 missing');
    expect(() => numbered('work.db', [m(2)])).toThrow('work.db migrations: 1 missing');
  });

  it('refuses a number listed twice', () => {
    expect(() => numbered('cache.db', [m(1), m(2), m(2)])).toThrow('cache.db migrations: 2 twice');
  });

  it.each([
    ['app', APP_MIGRATIONS],
    ['cache', CACHE_MIGRATIONS],
    ['work', WORK_MIGRATIONS],
  ])('lists every file in migrations/%s/, each at the number of its name', async (db, list) => {
    const folder = join(import.meta.dirname, '../../../electron/core/db/migrations', db);
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(list.length);
    for (const [index, file] of files.entries()) {
      expect(file).toMatch(/^\d{4}-[a-z0-9-]+\.ts$/);
      const { migration } = (await import(join(folder, file))) as { migration: NumberedMigration };
      expect([file, migration.version]).toEqual([file, Number(file.slice(0, 4))]);
      expect(list[index]).toBe(migration.sql);
    }
  });
});
