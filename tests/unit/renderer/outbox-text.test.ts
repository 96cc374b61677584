import { describe, expect, it } from 'vitest';
import { describeOutcome, describeUpdate } from '../../../renderer/src/lib/words/install-outcome';
import {
  actionName,
  describeOutboxItem,
  itemStoreName,
  kindPhrase,
  movesDevice,
  outboxProgress,
} from '../../../renderer/src/lib/words/outbox-text';
import { aDeviceView } from '../../helpers/device-view';
import { outboxItem } from '../../helpers/outbox-item';

const item = outboxItem;

describe('queued actions in plain words', () => {
  it("names the store through the given namer (with its city), by the item's location id", () => {
    const named = (ref: { id: string; name: string }) =>
      ref.id === 'l1' ? `${ref.name} (Hamburg)` : ref.name;
    expect(describeOutboxItem(item({}), named)).toBe('Install FTC-1 at Hamburg Harbour (Hamburg)');
    expect(describeOutboxItem(item({ kind: 'uninstall' }), named)).toBe(
      'Uninstall FTC-1 from Hamburg Harbour (Hamburg)',
    );
    expect(describeOutboxItem(item({ locationId: 'l2' }), named)).toBe(
      'Install FTC-1 at Hamburg Harbour',
    );
    expect(itemStoreName(item({ locationName: null }), named)).toBeNull();
  });

  it('describes every kind', () => {
    expect(describeOutboxItem(item({}))).toBe('Install FTC-1 at Hamburg Harbour');
    expect(describeOutboxItem(item({ kind: 'uninstall' }))).toBe(
      'Uninstall FTC-1 from Hamburg Harbour',
    );
    expect(describeOutboxItem(item({ kind: 'move' }))).toBe('Move FTC-1 to Hamburg Harbour');
    expect(describeOutboxItem(item({ kind: 'update_device' }))).toBe(
      'Save the changed settings of FTC-1',
    );
    expect(
      describeOutboxItem(item({ kind: 'create_location', serial: null, locationId: 'local-1' })),
    ).toBe('Create the location Hamburg Harbour');
    expect(
      describeOutboxItem(item({ kind: 'delete_location', serial: null, locationName: null })),
    ).toBe('Delete the location l1');
    expect(describeOutboxItem(item({ kind: 'replace', serial: 'FTC-2', replaces: 'FTC-1' }))).toBe(
      'Replace FTC-1 with FTC-2 at Hamburg Harbour',
    );
  });
  it('says how far a move got and what an action waits for', () => {
    expect(outboxProgress(item({ kind: 'move', stepsDone: 1 }))).toBe(
      'Uninstalled; install still to send',
    );
    expect(outboxProgress(item({ kind: 'move' }))).toBeNull();
    expect(outboxProgress(item({ waitingFor: 'o0', locationId: 'local-1' }))).toBe(
      'Waits for the new store to be created',
    );
  });
  it('names every activity action, and knows which ones move a device', () => {
    expect(actionName('update_device')).toBe('Change device');
    expect(kindPhrase('update_device')).toBe('A change to the settings');
    expect(kindPhrase('install')).toBe('An install');
    expect(movesDevice('move')).toBe(true);
    expect(movesDevice('update_device')).toBe(false);
  });
});

describe('outcome sentences', () => {
  it('say done or queued for device actions and settings', () => {
    const queued = { status: 'queued' as const, item: item({}) };
    expect(describeOutcome(queued, 'Installed')).toBe(
      'FTC-1 will be installed when the connection is back.',
    );
    expect(describeOutcome({ status: 'done', device: aDeviceView('FTC-1') }, 'Moved')).toBe(
      'Moved FTC-1.',
    );
    expect(describeUpdate(queued)).toMatch(/will be sent when the connection is back/);
  });
  it('an action answered while its send goes on (a slow server) says it is saved and still sending', () => {
    const sending = { status: 'queued' as const, item: item({ state: 'syncing' }) };
    expect(describeOutcome(sending, 'Installed')).toBe(
      'Saved on this computer. FTC-1 is still being sent and will be installed as soon as the server answers — you can carry on.',
    );
    expect(describeOutcome(sending, 'Uninstalled')).toMatch(
      /FTC-1 is still being sent and will be uninstalled/,
    );
    expect(describeUpdate(sending)).toMatch(/still being sent; you can carry on/);
  });
});
