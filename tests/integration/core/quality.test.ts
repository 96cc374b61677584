/**
 * Installation quality against the sandbox, through the core (real work.db files, a real policy
 * file on disk): the mounting checklist recorded with the install, IT's completion rules for
 * this organization, and "Finish visit" with a rule open — refused without a reason, recorded
 * incomplete with one (the visit row and an entry of its log).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedSettings, RecordedCheck } from '../../../electron/shared';
import { checklistText } from '../../../renderer/src/lib/words/quality-text';
import { NOT_MANAGED } from '../../../electron/common/managed/policy';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import {
  hostSandbox,
  signInAndSync,
  uninstalledSerials,
  type SandboxHost,
} from '../../helpers/store-world';

let root: string;
let host: SandboxHost;
const harnesses: CoreHarness[] = [];

const managed = (quality: ManagedSettings['quality']): ManagedSettings => ({
  ...NOT_MANAGED,
  source: { kind: 'linux-file', where: join(root, 'policy.json') },
  quality,
});

async function start(name: string, settings: ManagedSettings): Promise<CoreHarness> {
  const harness = await startCoreHarness({ dataDir: join(root, name), managed: settings });
  harnesses.push(harness);
  await signInAndSync(harness, host.sandbox);
  return harness;
}

async function workDb(harness: CoreHarness, readonly = true): Promise<Database.Database> {
  const accounts = join(harness.dataDir, 'accounts');
  const [dir] = await readdir(accounts);
  return new Database(join(accounts, dir!, 'work.db'), { readonly });
}

async function installOne(harness: CoreHarness) {
  const [serial] = await uninstalledSerials(harness, 1);
  const locationId = (await harness.call('listLocations')).value[0]!.id;
  await harness.call('installDevice', { serial: serial!, locationId });
  const type = (await harness.call('getDevice', { serial })).value.type ?? null;
  return { serial: serial!, locationId, type };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-quality-'));
  host = await hostSandbox(join(root, 'sandbox.json'));
}, 60_000);

afterAll(async () => {
  for (const harness of harnesses) await harness.close();
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the mounting checklist and completion rules', () => {
  it('IT’s file gives the checks; a value outside them needs a reason; the visit cannot end complete with rules open', async () => {
    const file = join(root, 'checklists.json');
    await writeFile(
      file,
      JSON.stringify({
        deviceTypes: {},
        otherDeviceTypes: [
          { check: 'mounting_height', minMetres: 2.7, maxMetres: 4.5 },
          { check: 'view_clear' },
        ],
      }),
    );
    const rules = { photos: 1, passedCheck: true, checklist: true };
    const harness = await start(
      'ruled',
      managed({ rules, organizations: null, checklistFile: file }),
    );
    const { serial, locationId, type } = await installOne(harness);

    // Every device type gets the file's list (it names no type), not the shipped one.
    const list = await harness.call('mountingChecklist', { deviceType: type });
    expect(list).toEqual({
      checks: [
        { id: 'mounting_height', kind: 'length', minMetres: 2.7, maxMetres: 4.5 },
        { id: 'view_clear', kind: 'confirm' },
      ],
      source: { file, problem: null },
    });
    expect((await harness.call('visitCompletion', {})).open).toEqual([
      { rule: 'photos', serial, have: 0, need: 1 },
      { rule: 'passed_check', serial },
      { rule: 'checklist', serial },
    ]);

    // 2.5 m is below 2.7 m: refused without a reason, the check named.
    const low = { check: 'mounting_height', metres: 2.5 };
    // The device's type is the core's: a page cannot send one.
    expect(
      await harness.core.invoke('recordChecklist', {
        serial,
        locationId,
        deviceType: 'Something else',
        answers: [],
      }),
    ).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(await harness.call('deviceChecklist', { serial, locationId })).toMatchObject({
      deviceType: type,
      checks: list.checks,
      recorded: null,
    });
    const refused = await harness.core.invoke('recordChecklist', {
      serial,
      locationId,
      answers: [low, { check: 'view_clear', yes: true }],
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        code: 'checklist_incomplete',
        fields: { mounting_height: { code: 'checklist_reason_needed' } },
      },
    });
    const entry = await harness.call('recordChecklist', {
      serial,
      locationId,
      answers: [
        { ...low, reason: 'low ceiling' },
        { check: 'view_clear', yes: true },
      ],
    });
    expect(entry).toMatchObject({ action: 'checklist', serial, result: 'done' });
    const open = [
      { rule: 'photos', serial, have: 0, need: 1 },
      { rule: 'passed_check', serial },
    ];
    expect((await harness.call('visitCompletion', {})).open).toEqual(open);

    // Finish visit: refused without a reason (nothing finished), recorded incomplete with one.
    const [visit] = await harness.call('listVisits');
    const signOff = { signed: false, reason: 'nobody from the store present' } as const;
    expect(await harness.core.invoke('finishVisit', { signOff })).toMatchObject({
      ok: false,
      error: { kind: 'validation', code: 'visit_rules_open', params: { open: 2 } },
    });
    expect((await harness.call('listVisits'))[0]!.finishedAt).toBeNull();
    const finished = await harness.call('finishVisit', { signOff, reason: 'store closing' });
    expect(finished).toMatchObject({
      id: visit!.id,
      incomplete: { open, reason: 'store closing' },
    });
    expect(finished!.finishedAt).not.toBeNull();
    const log = await harness.call('listActivity', { visitId: visit!.id });
    expect(log.at(-1)).toMatchObject({
      action: 'finish_visit',
      result: 'incomplete',
      fact: { kind: 'visit_incomplete', open, reason: 'store closing' },
    });

    // The chained record: the checklist is its own entry, the incompleteness comes before the
    // sign-off, which is last.
    const record = await harness.call('visitRecord', { visitId: visit!.id });
    const kinds = record.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'mounting_checklist')).toHaveLength(1);
    expect(kinds.slice(-2)).toEqual(['visit_incomplete', 'sign_off']);
    const printed = record.at(-1)!.hash;
    expect(await harness.call('checkReceipt', { hash: printed })).toMatchObject({
      verdict: 'match',
    });

    // What is on disk: the answers in metres with their limits, the visit's incompleteness.
    const db = await workDb(harness, false);
    try {
      const row = db.prepare("SELECT data FROM activity WHERE action = 'checklist'").get() as {
        data: string;
      };
      expect(JSON.parse(row.data).fact.checks[0]).toEqual({
        check: 'mounting_height',
        kind: 'length',
        metres: 2.5,
        minMetres: 2.7,
        maxMetres: 4.5,
        outside: true,
        reason: 'low ceiling',
      });
      const stored = db.prepare('SELECT incomplete FROM visits WHERE id = ?').get(visit!.id) as {
        incomplete: string;
      };
      expect(JSON.parse(stored.incomplete)).toEqual({ open, reason: 'store closing' });

      // Someone edits the file around the app: the checklist's stored entry says 3 m now.
      db.exec('DROP TRIGGER record_entries_never_changed');
      const chained = db
        .prepare("SELECT id, body FROM record_entries WHERE kind = 'mounting_checklist'")
        .get() as { id: string; body: string };
      db.prepare('UPDATE record_entries SET body = ? WHERE id = ?').run(
        chained.body.replace('"metres":2.5', '"metres":3'),
        chained.id,
      );
      expect(await harness.call('checkReceipt', { hash: printed })).toMatchObject({
        verdict: 'altered',
        entry: kinds.indexOf('mounting_checklist') + 1,
        entryKind: 'mounting_checklist',
      });
    } finally {
      db.close();
    }
  }, 60_000);

  it('rules for another organization do not apply here; a bad checklist file leaves the shipped lists in use and says why', async () => {
    const file = join(root, 'broken.json');
    await writeFile(
      file,
      JSON.stringify({ deviceTypes: {}, otherDeviceTypes: [{ check: 'centred', minMetres: 1 }] }),
    );
    const harness = await start(
      'other-org',
      managed({
        rules: { photos: 3, passedCheck: true, checklist: true },
        organizations: ['org_somebody_else'],
        checklistFile: file,
      }),
    );
    await installOne(harness);
    expect(await harness.call('visitCompletion', {})).toEqual({
      rules: { photos: 0, passedCheck: false, checklist: false },
      open: [],
    });
    const list = await harness.call('mountingChecklist', { deviceType: 'Overhead 3D Sensor' });
    expect(list.source).toEqual({
      file: null,
      problem: {
        code: 'checklist_file_invalid',
        params: { file, at: 'otherDeviceTypes.0', problem: 'limits_on_confirm' },
      },
    });
    expect(list.checks[0]).toEqual({
      id: 'mounting_height',
      kind: 'length',
      minMetres: 2.7,
      maxMetres: null,
    });
    const finished = await harness.call('finishVisit', {
      signOff: { signed: false, reason: 'nobody from the store present' },
    });
    expect(finished).toMatchObject({ incomplete: null });
    // The problem is in the log that Export diagnostics collects.
    const logs = join(harness.dataDir, 'logs');
    const text = (
      await Promise.all((await readdir(logs)).map((f) => readFile(join(logs, f), 'utf8')))
    ).join('');
    expect(text).toContain('mounting checklist file not used');
  }, 60_000);
  it('a device has one checklist a visit: saved again it is amended, each length said in the unit it was typed in', async () => {
    const harness = await start('amended', NOT_MANAGED);
    const { serial, locationId, type } = await installOne(harness);
    const { checks } = await harness.call('deviceChecklist', { serial, locationId });
    const answer = (metres: number, unit: 'm' | 'ft') =>
      checks.map((def) =>
        def.kind === 'length'
          ? {
              check: def.id,
              metres,
              unit,
              ...(def.minMetres !== null && metres < def.minMetres
                ? { reason: 'low ceiling' }
                : {}),
            }
          : { check: def.id, yes: true },
      );
    const entry = await harness.call('recordChecklist', {
      serial,
      locationId,
      answers: answer(3, 'm'),
    });
    const amended = await harness.call('recordChecklist', {
      serial,
      locationId,
      answers: answer(2.8956, 'ft'),
    });
    expect(amended.id).toBe(entry.id);
    const rows = (await harness.call('listActivity', {})).filter((e) => e.action === 'checklist');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.fact).toMatchObject({
      kind: 'mounting_checklist',
      deviceType: type,
      checks: expect.arrayContaining([expect.objectContaining({ metres: 2.8956, unit: 'ft' })]),
    });
    expect(checklistText((rows[0]!.fact as { checks: RecordedCheck[] }).checks)).toContain(
      '9.5 ft',
    );
    const [visit] = await harness.call('listVisits');
    const versions = (await harness.call('visitRecord', { visitId: visit!.id })).filter(
      (e) => e.kind === 'mounting_checklist',
    );
    expect(versions).toHaveLength(2);
    expect(await harness.call('deviceChecklist', { serial, locationId })).toMatchObject({
      deviceType: type,
      recorded: { id: entry.id },
    });
  });

  it('a device type named like an object property ("constructor", "toString", "__proto__") gets the checks for other types', async () => {
    const harness = await start('object-names', NOT_MANAGED);
    const other = (await harness.call('mountingChecklist', { deviceType: 'Not a type anywhere' }))
      .checks;
    expect(other.length).toBeGreaterThan(0);
    for (const deviceType of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const list = await harness.call('mountingChecklist', { deviceType });
      expect(list.checks, deviceType).toEqual(other);
    }
  }, 60_000);
});
