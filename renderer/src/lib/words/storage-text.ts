/** What the technician is told about the local data (StorageHealth in the contract). */
import type { StorageHealth } from '$shared';
import { formatNumber } from './format';
import { m } from './i18n';

type Damage = NonNullable<StorageHealth['outboxDamage']>;
type Imported = NonNullable<StorageHealth['imported']>;

export const outboxDamageText = (damage: Damage): string => {
  const what =
    damage.unreadable === 0
      ? m.storage_outbox_unreadable_all()
      : m.storage_outbox_unreadable({
          count: damage.unreadable,
          shown: formatNumber(damage.unreadable),
        });
  return `${what} ${m.storage_outbox_kept_at({ path: damage.keptAt })}`;
};

export const outboxDamageNextStep = (): string => m.storage_outbox_next();

export const cacheRebuiltText = (): string => m.storage_cache_rebuilt();

export const settingsDamageText = (damage: NonNullable<StorageHealth['settingsDamage']>): string =>
  m.storage_settings_damaged({ path: damage.keptAt });

export const importedText = (imported: Imported): string =>
  m.storage_imported({
    queued: formatNumber(imported.queued),
    activity: formatNumber(imported.activity),
  });
