/** What the technician is told about the local data (StorageHealth in the contract). */
import type { StorageHealth } from '../../../electron/contract';
import { formatNumber } from './format';

type Damage = NonNullable<StorageHealth['outboxDamage']>;
type Imported = NonNullable<StorageHealth['imported']>;

export const outboxDamageText = (damage: Damage): string => {
  const what =
    damage.unreadable === 0
      ? 'The queued actions could not be read.'
      : `${formatNumber(damage.unreadable)} queued ${damage.unreadable === 1 ? 'action' : 'actions'} could not be read.`;
  return `${what} The damaged file was kept at ${damage.keptAt}.`;
};

export const OUTBOX_DAMAGE_NEXT_STEP = 'Do those actions again, or send the file to support.';

export const CACHE_REBUILT_TEXT =
  'Saved data on this computer was damaged and is being downloaded again. Until then some lists may be incomplete.';

export const importedText = (imported: Imported): string =>
  `Your queued actions (${formatNumber(imported.queued)}) and activity (${formatNumber(imported.activity)}) from the previous version were carried over.`;
