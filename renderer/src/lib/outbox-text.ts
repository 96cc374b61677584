/** Plain words for queued actions (the outbox) and this visit's activity (pure, unit-tested). */
import type { ActivityEntry, OutboxItem, OutboxKind } from '../../../electron/contract';

/** What an action of each kind is, as the Activity table's "Action" column says it. */
export const ACTION_NAME: Record<ActivityEntry['action'], string> = {
  install: 'Install',
  uninstall: 'Uninstall',
  move: 'Move',
  update_device: 'Change device',
  create_location: 'Create location',
  delete_location: 'Delete location',
  verify: 'Verify',
};

/** "An install", "a change to its settings"…: for "… of this device is waiting to sync". */
export const kindPhrase = (kind: OutboxKind): string => {
  switch (kind) {
    case 'install':
      return 'An install';
    case 'uninstall':
      return 'An uninstall';
    case 'move':
      return 'A move';
    case 'update_device':
      return 'A change to the settings';
    case 'create_location':
      return 'Creating the location';
    case 'delete_location':
      return 'Deleting the location';
  }
};

/** Kinds that change where a device is installed (the device screen's actions race them). */
export const movesDevice = (kind: OutboxKind): boolean =>
  kind === 'install' || kind === 'uninstall' || kind === 'move';

/** Names a store from its id and the name the item kept ("Name (City)" where known). */
export type StoreNamer = (ref: { id: string; name: string }) => string;

/** The store an item acts on, named by `named`; null when the item has no name for it. */
export const itemStoreName = (item: OutboxItem, named?: StoreNamer): string | null => {
  if (item.locationName === null) return null;
  if (!named || item.locationId === null) return item.locationName;
  return named({ id: item.locationId, name: item.locationName });
};

/** One line saying what a queued action will do. */
export const describeOutboxItem = (item: OutboxItem, named?: StoreNamer): string => {
  const serial = item.serial ?? 'a device';
  const store = itemStoreName(item, named);
  const at = store ?? 'a location';
  switch (item.kind) {
    case 'install':
      return `Install ${serial} at ${at}`;
    case 'uninstall':
      return `Uninstall ${serial} from ${store ?? 'its location'}`;
    case 'move':
      return `Move ${serial} to ${at}`;
    case 'update_device':
      return `Save the changed settings of ${serial}`;
    case 'create_location':
      return `Create the location ${item.locationName ?? '(no name)'}`;
    case 'delete_location':
      return `Delete the location ${item.locationName ?? item.locationId ?? ''}`.trim();
  }
};

/** How far a queued action got, or what it waits for; null when there is nothing to add. */
export const outboxProgress = (item: OutboxItem): string | null => {
  if (item.waitingFor !== null) return 'Waits for the new store to be created';
  if (item.kind === 'move' && item.stepsDone >= 1) return 'Uninstalled; install still to send';
  return null;
};
