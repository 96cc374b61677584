/**
 * A pick list line as shown: its problem in words, and its install following the pushed queue
 * and then the activity entry that says how it ended — in every language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { plain } from '../../helpers/plain-text';

/** The words of a line's state (store names are isolated for direction inside them). */
const plainState = <T extends { text: string }>(state: T): T => ({
  ...state,
  text: plain(state.text),
});
import type { ActivityEntry, PickLine } from '../../../electron/shared';
import { FALLBACK_LOCALE, MESSAGE_LOCALES, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { lineState, problemText } from '../../../renderer/src/lib/words/pick-list-text';
import { outboxItem } from '../../helpers/outbox-item';

const speak = (tag: string) => setLocaleSource(() => resolveLocale([tag]));
afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

const line = (patch: Partial<PickLine>): PickLine => ({
  id: 'k-1',
  serial: 'FTC-1',
  label: null,
  deviceType: 'Counter 3',
  problem: null,
  checked: true,
  install: null,
  ready: true,
  ...patch,
});
const entry = (patch: Partial<ActivityEntry>): ActivityEntry => ({
  id: 'a-1',
  at: '2026-11-27T10:00:00Z',
  action: 'install',
  serial: 'FTC-1',
  locationId: 'L1',
  locationName: 'Mall',
  result: 'done',
  detail: 'Installed at Mall.',
  fact: { kind: 'installed', location: 'Mall' },
  visitId: 'v-1',
  walkTest: null,
  intentId: 'q-1',
  sentAt: null,
  replaces: null,
  amendments: [],
  ...patch,
});

describe('a pick list line', () => {
  it('says why it is skipped', () => {
    const said = (problem: PickLine['problem']) => lineState(line({ problem, ready: false }), []);
    expect(said({ kind: 'unknown' })).toEqual({
      badge: { text: 'Skipped', tone: 'bad' },
      text: 'Not among the devices saved on this computer: skipped.',
    });
    expect(said({ kind: 'installed_elsewhere', location: { id: 'L2', name: 'Mall' } }).text).toBe(
      'Already installed at Mall: skipped.',
    );
    expect(said({ kind: 'duplicate', line: 1 }).text).toBe('Scanned twice (line 1): skipped.');
    expect(said({ kind: 'wrong_type', type: null, expected: 'Counter 3' }).text).toBe(
      'Its type is not known, not the expected Counter 3: skipped.',
    );
    expect(lineState(line({}), []).badge.text).toBe('Ready');
    expect(lineState(line({ checked: false, ready: false }), []).badge.text).toBe('Checking…');
  });

  it('follows its install through the pushed queue, then says how it ended', () => {
    const queued = outboxItem({ id: 'q-1' });
    const installing = line({
      ready: false,
      install: { intentId: 'q-1', locationId: 'L1', item: queued, entry: null },
    });
    expect(lineState(installing, [queued])).toEqual({
      badge: { text: 'Queued', tone: 'warn' },
      text: 'Queued: it will be sent when the connection is back.',
    });
    // The queue pushed a newer state than the line was read with.
    expect(lineState(installing, [{ ...queued, state: 'syncing' }]).badge.text).toBe('Syncing');
    const done = line({
      ready: false,
      install: { intentId: 'q-1', locationId: 'L1', item: null, entry: entry({}) },
    });
    expect(plainState(lineState(done, []))).toEqual({
      badge: { text: 'Done', tone: 'ok' },
      text: 'Installed at Mall.',
    });
    // Refused when sent: the line says so, and why it is skipped now.
    const refused = line({
      ready: false,
      problem: { kind: 'installed_elsewhere', location: { id: 'L2', name: 'Airport' } },
      install: {
        intentId: 'q-1',
        locationId: 'L1',
        item: null,
        entry: entry({ result: 'conflict', fact: { kind: 'conflict', location: 'Airport' } }),
      },
    });
    expect(plainState(lineState(refused, []))).toEqual({
      badge: { text: 'Conflict', tone: 'bad' },
      text: 'The device is installed at Airport. Already installed at Airport: skipped.',
    });
  });

  it.each(MESSAGE_LOCALES.filter((l) => l !== 'en'))('is said in %s, not in English', (tag) => {
    const english = problemText({ kind: 'installed_here' });
    speak(tag);
    const said = problemText({ kind: 'installed_here' });
    expect(said).not.toBe(english);
    expect(lineState(line({}), []).badge.text).not.toBe('Ready');
  });
});
