/**
 * A device that does not check in, through the core against the sandbox (real policy files on
 * disk, real work.db): IT's guide file replaces the shipped one; a bad file is named and the
 * shipped guide kept; what the technician found and did is a chained entry of the visit.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedSettings } from '../../../electron/shared';
import { NOT_MANAGED } from '../../../electron/common/managed/policy';
import { DEFAULT_GUIDE } from '../../../electron/core/service/silent-guide-defaults';
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

const withGuide = (guideFile: string): ManagedSettings => ({
  ...NOT_MANAGED,
  source: { kind: 'linux-file', where: join(root, 'policy.json') },
  quality: { rules: null, organizations: null, checklistFile: null, guideFile },
});

async function start(name: string, settings: ManagedSettings): Promise<CoreHarness> {
  const harness = await startCoreHarness({ dataDir: join(root, name), managed: settings });
  harnesses.push(harness);
  await signInAndSync(harness, host.sandbox);
  return harness;
}

async function installOne(harness: CoreHarness) {
  const [serial] = await uninstalledSerials(harness, 1);
  const locationId = (await harness.call('listLocations')).value[0]!.id;
  await harness.call('installDevice', { serial: serial!, locationId });
  return { serial: serial!, locationId };
}

/** IT's own cause, a vendor's LED code, worded in English and German. */
const LED = {
  cause: 'led_amber_blink',
  scope: 'device',
  text: {
    en: {
      title: 'Amber light blinking',
      look: 'The sensor has no address: see the vendor code A2.',
    },
    de: { title: 'Gelbe Leuchte blinkt', look: 'Der Sensor hat keine Adresse: Herstellercode A2.' },
  },
} as const;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-silent-'));
  host = await hostSandbox(join(root, 'sandbox.json'));
}, 60_000);

afterAll(async () => {
  for (const harness of harnesses) await harness.close();
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the silent-device guide', () => {
  it('IT’s file gives the causes, its own with its words; what was found is a chained entry', async () => {
    const file = join(root, 'guide.json');
    await writeFile(
      file,
      JSON.stringify({
        deviceTypes: {},
        otherDeviceTypes: [LED, { cause: 'firewall', scope: 'store' }],
      }),
    );
    const harness = await start('good', withGuide(file));
    const { serial, locationId } = await installOne(harness);

    expect(await harness.call('silentGuideSource', {})).toEqual({ file, problem: null });
    const known = await harness.call('silentCheck', { serial, locationId });
    expect(known.causes.map((c) => c.id).sort()).toEqual(['firewall', 'led_amber_blink']);
    expect(known.causes.find((c) => c.id === LED.cause)?.text).toEqual(LED.text);
    expect(known.source).toEqual({ file, problem: null });
    expect(known.recorded).toBeNull();

    // A note is required; a cause is a code, never a sentence.
    expect(
      await harness.core.invoke('recordSilentCheck', {
        serial,
        locationId,
        cause: null,
        note: ' ',
      }),
    ).toMatchObject({ ok: false, error: { kind: 'validation' } });
    const entry = await harness.call('recordSilentCheck', {
      serial,
      locationId,
      cause: 'led_amber_blink',
      note: 'Cable reseated, light still amber',
    });
    expect(entry).toMatchObject({
      action: 'silent_check',
      serial,
      fact: {
        kind: 'silent_check',
        cause: 'led_amber_blink',
        // IT's own words, kept with the entry: the record says it as the screen did.
        causeText: LED.text,
        note: 'Cable reseated, light still amber',
        evidence: known.store.evidence,
      },
    });
    expect((await harness.call('silentCheck', { serial, locationId })).recorded?.id).toBe(entry.id);
    // In the visit's chained record, and the chain still checks out.
    const receipt = await harness.call('visitReceipt', {});
    expect(receipt?.entries.some((e) => e.id === entry.id && e.action === 'silent_check')).toBe(
      true,
    );
    const kinds = (await harness.call('visitRecord', { visitId: entry.visitId })).map(
      (e) => e.kind,
    );
    expect(kinds).toContain('silent_check');
    expect(receipt?.proof).toMatchObject({ broken: null, cache: null });
  });

  it.each([
    ['not JSON', '{ deviceTypes', 'guide_file_not_json', ''],
    [
      'IT’s own cause without English words',
      JSON.stringify({
        deviceTypes: {},
        otherDeviceTypes: [{ ...LED, text: { de: LED.text.de } }],
      }),
      'guide_file_invalid',
      'own_cause_without_english',
    ],
  ])('a bad file (%s) is named and the shipped guide kept', async (_name, text, code, problem) => {
    const file = join(root, `bad-${code}.json`);
    await writeFile(file, text);
    const harness = await start(`bad-${code}`, withGuide(file));
    const { serial, locationId } = await installOne(harness);
    const source = await harness.call('silentGuideSource', {});
    expect(source).toMatchObject({ file: null, problem: { code, params: { file } } });
    if (problem) expect(source.problem?.params.problem).toBe(problem);
    const known = await harness.call('silentCheck', { serial, locationId });
    expect(known.causes.map((c) => c.id).sort()).toEqual(
      DEFAULT_GUIDE.otherDeviceTypes.map((c) => c.id).sort(),
    );
  });
});
