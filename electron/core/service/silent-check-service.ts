/**
 * A device that does not check in (decision record 73): what this computer knows of it and of
 * the store's other devices, the guide's causes ordered by that, and what the technician found
 * and did, recorded as a chained visit entry. Reads the saved copies only: Verify's own polling
 * keeps the device fresh, and the store's list is refreshed in the background at most once per
 * half minute (read-service.ts), so asking this sends no request of its own.
 */
import type { ActivityEntry, ParsedInput, SilentCheck } from '../../shared';
import { isCheckingIn } from '../../shared/device-health';
import { deviceView } from '../api/to-view';
import { causesFor, orderCauses, storeEvidence } from '../../shared/silent-causes';
import { guarded } from '../db/storage-error';
import { recordAtStore } from './activity-facts';
import { requireScope, type ServiceContext, type SignedInScope } from './context';
import { listLocationDevices } from './read-service';
import { silentGuide } from './silent-guide-source';

/** The device's last silent-check entry in the visit in progress, if it has one. */
const recordedOf = (scope: SignedInScope, serial: string): ActivityEntry | null => {
  const { activity } = scope.store.work;
  const visit = guarded(() => activity.visits.current());
  if (!visit) return null;
  return (
    guarded(() => activity.list(visit.id)).findLast(
      (e) => e.serial === serial && e.action === 'silent_check',
    ) ?? null
  );
};

/** The store's other installed devices and how many of them check in now. */
const othersAt = (ctx: ServiceContext, serial: string, locationId: string, now: number) => {
  const others = listLocationDevices(ctx, locationId).value.filter(
    (d) => d.serial_number !== serial,
  );
  return {
    others: others.length,
    checkingIn: others.filter((d) => isCheckingIn(deviceView(d), now)).length,
  };
};

export async function silentCheck(
  ctx: ServiceContext,
  input: ParsedInput<'silentCheck'>,
): Promise<SilentCheck> {
  const scope = requireScope(ctx);
  const device = guarded(() => scope.store.cache.devices.get(input.serial))?.device ?? null;
  const deviceType = device?.device_type_name ?? null;
  const { guide, source } = await silentGuide(ctx);
  const counts = othersAt(ctx, input.serial, input.locationId, Date.now());
  const evidence = storeEvidence(counts.others, counts.checkingIn);
  return {
    deviceType,
    firmware: device?.firmware_version_name ?? null,
    store: { ...counts, evidence },
    vendorReachable: ctx.isOnline(),
    causes: orderCauses(causesFor(guide, deviceType), evidence),
    source,
    recorded: recordedOf(scope, input.serial),
  };
}

/** Records what was found and done, with the evidence the causes were ordered by. */
export async function recordSilentCheck(
  ctx: ServiceContext,
  input: ParsedInput<'recordSilentCheck'>,
): Promise<ActivityEntry> {
  const scope = requireScope(ctx);
  const known = await silentCheck(ctx, input);
  return recordAtStore(scope, input, {
    action: 'silent_check',
    result: 'done',
    detail: 'silent_check',
    fact: {
      kind: 'silent_check',
      cause: input.cause,
      causeText: known.causes.find((c) => c.id === input.cause)?.text ?? null,
      note: input.note,
      evidence: known.store.evidence,
      vendorReachable: known.vendorReachable,
    },
  });
}
