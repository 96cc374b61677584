/**
 * Accuracy audits (decision record 7): the technician counts people crossing by hand while the device
 * counts them; the comparison is over whole buckets of the device's foot traffic, read once
 * the window has ended and the device has checked in after it (so its counts are complete).
 * Every tap is on disk as it is taken; a stopped audit whose counts cannot be read yet (offline)
 * stays pending in the visit log and settles by itself later (`settleAudits`, after each sync
 * run and whenever an audit is read). The core speaks in codes: the renderer words it all
 * (renderer/src/lib/words/audit-text.ts).
 */
import {
  auditThresholdsOf,
  STORE_SLOT_MS,
  auditDurationAtMost,
  auditWindow,
  boundaryAtOrAfter,
  compareBuckets,
  notEnough,
  plannedWindow,
  sampleOutOfReach,
  tallyIn,
  type AuditComparison,
  type AuditThresholds,
  type AuditWindow,
} from '../../shared/accuracy-audit';
import type { AccuracyAudit, AuditLogged, AuditPlan, AuditResult, ParsedInput } from '../../shared';
import { auditBuckets } from '../../shared/audit-evidence';
import { traitsOf } from '../../shared/error-traits';
import { NOT_MANAGED } from '../../common/managed/policy';
import { AppError } from '../app-error';
import type { Granularity } from '../../shared/contract/views';
import { guarded } from '../db/storage-error';
import type { AuditRow } from '../store/audit-rows';
import { requireScope, tracked, type ServiceContext, type SignedInScope } from './context';
import { readEitherCase } from './serial-spelling';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Where the server's bucket length was last read, for an audit started offline. */
const LAST_BUCKET_SETTING = 'audit.lastBucketMs';
/** Assumed where a device does not say how often it checks in (as the tables assume). */
const DEFAULT_INTERVAL_MS = 300_000;

const auditThresholds = (ctx: ServiceContext): AuditThresholds =>
  auditThresholdsOf(ctx.options.managed ?? NOT_MANAGED);

/** An audit problem the renderer words by its code (no sentence is kept here). */
const auditError = (kind: 'validation' | 'not_found', code: 'audit_not_found' | 'audit_stopped') =>
  new AppError({ kind, code });

const granularityFor = (bucketMs: number): Granularity =>
  bucketMs >= DAY ? 'day' : bucketMs >= HOUR ? 'hour' : 'minute';

const isConnectivity = (error: unknown): boolean =>
  error instanceof AppError && traitsOf(error.kind).connectivity;

const bucketLength = (series: readonly { start: string; end: string }[]): number | null => {
  const last = series.at(-1);
  if (!last) return null;
  const ms = Date.parse(last.end) - Date.parse(last.start);
  return ms > 0 ? ms : null;
};

/**
 * The server's finest bucket for this device, read from its answer (the end of a bucket minus
 * its start): minute granularity first, hours where minutes are refused.
 */
async function serverBucket(
  ctx: ServiceContext,
  scope: SignedInScope,
  serial: string,
  now: number,
): Promise<number> {
  for (const granularity of ['minute', 'hour'] as const) {
    const span = granularity === 'minute' ? 10 * MINUTE : 3 * HOUR;
    try {
      const { series } = await tracked(ctx, () =>
        readEitherCase(serial, (s) =>
          scope.api.deviceFootTraffic(s, {
            from: new Date(now - span).toISOString(),
            to: new Date(now).toISOString(),
            granularity,
          }),
        ),
      );
      return bucketLength(series) ?? (granularity === 'minute' ? MINUTE : HOUR);
    } catch (error) {
      if (granularity === 'minute' && error instanceof AppError && error.kind === 'invalid')
        continue;
      throw error;
    }
  }
  return HOUR;
}

/** The window of a stopped audit: counting goes on to the first boundary after Stop. */
const windowOf = (row: AuditRow): AuditWindow | null =>
  row.stoppedAt === null ? null : auditWindow(row.startedAt, row.stoppedAt, row.bucketMs);

const resultOf = (row: AuditRow): AuditResult =>
  row.result === null ? 'audit_pending' : `audit_${row.result.outcome}`;

const logged = (row: AuditRow, manual: AccuracyAudit['tally']): AuditLogged => ({
  auditId: row.id,
  window: row.result?.window ?? windowOf(row),
  manual: row.result?.manual ?? manual,
  result: row.result,
  reason: row.reason,
});

/**
 * When the device is expected to check in at or after `ms`: on its schedule from its last
 * check-in as this computer last read it (the device's copy saved here: no request).
 */
function checkinExpected(scope: SignedInScope, serial: string, ms: number): number | null {
  const device = scope.store.cache.devices.get(serial)?.device;
  const last = Date.parse(device?.last_checkin_at ?? '');
  if (!device || Number.isNaN(last)) return null;
  const interval = (device.update_interval_s ?? DEFAULT_INTERVAL_MS / 1000) * 1000;
  return last >= ms ? last : last + Math.ceil((ms - last) / interval) * interval;
}

function view(
  ctx: ServiceContext,
  scope: SignedInScope,
  row: AuditRow,
  waitingFor: AccuracyAudit['waitingFor'] = null,
): AccuracyAudit {
  const taps = scope.store.work.audits.taps(row.id);
  const windowStart = boundaryAtOrAfter(row.startedAt, row.bucketMs);
  const window = windowOf(row);
  const tally = tallyIn(taps, window ?? { start: windowStart, end: Infinity });
  const last = taps.at(-1);
  const state = row.stoppedAt === null ? 'counting' : row.result === null ? 'pending' : 'done';
  return {
    id: row.id,
    serial: row.serial,
    locationId: row.locationId,
    visitId: row.visitId,
    startedAt: row.startedAt,
    bucketMs: row.bucketMs,
    bucketSeen: row.bucketSeen,
    plannedEnd: row.plannedEnd,
    stoppedAt: row.stoppedAt,
    window: { start: window?.start ?? windowStart, end: window?.end ?? null },
    tally,
    lastTap: last ? { direction: last.direction, at: last.at } : null,
    state,
    waitingFor: state === 'pending' ? (waitingFor ?? 'window_end') : null,
    checkinExpected:
      state === 'pending' && window !== null
        ? checkinExpected(scope, row.serial, window.end)
        : null,
    result: row.result,
    reason: row.reason,
    thresholds: row.result?.thresholds ?? auditThresholds(ctx),
  };
}

const auditOf = (scope: SignedInScope, id: string): AuditRow => {
  const row = scope.store.work.audits.get(id);
  if (!row) throw auditError('not_found', 'audit_not_found');
  return row;
};

export async function startAudit(
  ctx: ServiceContext,
  input: ParsedInput<'startAudit'>,
): Promise<AccuracyAudit> {
  const scope = requireScope(ctx);
  const { work } = scope.store;
  const visit = guarded(() => work.activity.visits.ensureOpen());
  const running = work.audits.latest(visit.id, input.serial);
  if (running && running.stoppedAt === null) return view(ctx, scope, running);
  const now = Date.now();
  let bucketMs: number;
  let bucketSeen = true;
  try {
    bucketMs = await serverBucket(ctx, scope, input.serial, now);
    ctx.settings.saveSetting(LAST_BUCKET_SETTING, bucketMs);
  } catch (error) {
    // Offline: the tally is taken all the same, on the bucket last read (a minute if none);
    // the comparison reads the real one and compares the whole buckets that lie in the run.
    if (!isConnectivity(error)) throw error;
    const last = ctx.settings.setting(LAST_BUCKET_SETTING);
    bucketMs = typeof last === 'number' && last > 0 ? last : MINUTE;
    bucketSeen = false;
  }
  // Coarse buckets (hours): the whole run the minimum needs, planned and said up front.
  const plan = plannedWindow(now, bucketMs, auditThresholds(ctx));
  const row = guarded(() =>
    work.audits.add({
      visitId: visit.id,
      serial: input.serial,
      locationId: input.locationId,
      startedAt: now,
      bucketMs,
      bucketSeen,
      plannedEnd: plan?.end ?? null,
    }),
  );
  return view(ctx, scope, row);
}

export function auditTap(ctx: ServiceContext, input: ParsedInput<'auditTap'>): AccuracyAudit {
  const scope = requireScope(ctx);
  const { audits } = scope.store.work;
  const row = auditOf(scope, input.auditId);
  const now = Date.now();
  const window = windowOf(row);
  if (window !== null && now >= window.end) throw auditError('validation', 'audit_stopped');
  guarded(() => {
    if (input.direction === 'undo') audits.undo(row.id);
    else audits.tap(row.id, { at: now, direction: input.direction });
  });
  return view(ctx, scope, row);
}

export async function stopAudit(
  ctx: ServiceContext,
  input: ParsedInput<'stopAudit'>,
): Promise<AccuracyAudit> {
  const scope = requireScope(ctx);
  const { work } = scope.store;
  const row = auditOf(scope, input.auditId);
  if (row.stoppedAt === null) {
    const stopped = { ...row, stoppedAt: Date.now() };
    const tally = view(ctx, scope, stopped).tally;
    guarded(() =>
      work.db.transaction(() => {
        const entry = work.activity.add({
          action: 'audit',
          serial: row.serial,
          locationId: row.locationId,
          locationName: scope.store.cache.locations.nameOf(row.locationId),
          result: 'audit_pending',
          audit: logged(stopped, tally),
        });
        work.audits.stop(row.id, stopped.stoppedAt, entry.id);
      })(),
    );
  }
  return settleOne(ctx, scope, auditOf(scope, row.id));
}

export async function getAudit(
  ctx: ServiceContext,
  input: ParsedInput<'getAudit'>,
): Promise<AccuracyAudit | null> {
  const scope = requireScope(ctx);
  const { work } = scope.store;
  let row: AuditRow | null = null;
  if (input.auditId !== undefined) row = auditOf(scope, input.auditId);
  else if (input.serial !== undefined) {
    const visit = work.activity.visits.current();
    row = visit ? work.audits.latest(visit.id, input.serial) : null;
  }
  return row ? settleOne(ctx, scope, row) : null;
}

export function auditReason(ctx: ServiceContext, input: ParsedInput<'auditReason'>): AccuracyAudit {
  const scope = requireScope(ctx);
  const { work } = scope.store;
  const row = auditOf(scope, input.auditId);
  guarded(() =>
    work.db.transaction(() => {
      work.audits.setReason(row.id, input.reason);
      writeLog(scope, { ...row, reason: input.reason });
    })(),
  );
  return view(ctx, scope, auditOf(scope, row.id));
}

/** The audit's row in the visit log says what the audit is now. */
function writeLog(scope: SignedInScope, row: AuditRow): void {
  if (row.activityId === null) return;
  const { work } = scope.store;
  const entry = work.activity.list(row.visitId).find((e) => e.id === row.activityId);
  if (!entry) return;
  const tally = tallyIn(work.audits.taps(row.id), windowOf(row) ?? { start: 0, end: 0 });
  work.activity.change(row.activityId, {
    result: resultOf(row),
    fact: entry.fact,
    sentAt: entry.sentAt,
    locationId: entry.locationId,
    locationName: entry.locationName,
    audit: logged(row, tally),
  });
}

/**
 * Compares a stopped audit when it can: after its window, once the device has checked in
 * after the window's end, with its counts read. Otherwise it says what it waits for.
 */
async function settleOne(
  ctx: ServiceContext,
  scope: SignedInScope,
  row: AuditRow,
): Promise<AccuracyAudit> {
  if (row.stoppedAt === null || row.result !== null) return view(ctx, scope, row);
  const now = Date.now();
  const planned = windowOf(row);
  // Below the sample whatever the device counted: said now, without waiting for its check-in
  // (not for a bucket assumed offline: the real one makes another window).
  const thresholds = auditThresholds(ctx);
  const manual = tallyIn(
    scope.store.work.audits.taps(row.id),
    planned ?? { start: row.startedAt, end: row.startedAt },
  );
  if (row.bucketSeen && sampleOutOfReach(planned, manual, thresholds, now)) {
    const span = planned ?? { start: row.startedAt, end: row.startedAt };
    return settle(ctx, scope, row, notEnough(span, manual, thresholds), row.bucketMs);
  }
  if (planned !== null && now < planned.end) return view(ctx, scope, row, 'window_end');
  try {
    const device = await tracked(ctx, () =>
      readEitherCase(row.serial, (s) => scope.api.getDevice(s)),
    );
    const checkin = Date.parse(device.last_checkin_at ?? '');
    const end = planned?.end ?? boundaryAtOrAfter(row.stoppedAt, row.bucketMs);
    if (!(checkin >= end)) return view(ctx, scope, row, 'checkin');
    const from = row.startedAt - row.bucketMs;
    const traffic = await tracked(ctx, () =>
      readEitherCase(row.serial, (s) =>
        scope.api.deviceFootTraffic(s, {
          from: new Date(from).toISOString(),
          to: new Date(end + row.bucketMs).toISOString(),
          granularity: granularityFor(row.bucketMs),
        }),
      ),
    );
    const bucketMs = bucketLength(traffic.series) ?? row.bucketMs;
    // The real bucket, where it was assumed offline: the whole buckets that lie in the run.
    const window = auditWindow(row.startedAt, row.stoppedAt, bucketMs);
    if (window !== null && checkin < window.end) return view(ctx, scope, row, 'checkin');
    return settle(
      ctx,
      scope,
      row,
      compared(ctx, scope, row, window, bucketMs, traffic.series),
      bucketMs,
    );
  } catch (error) {
    if (error instanceof AppError && error.kind === 'storage') throw error;
    ctx.options.log.info('audit not compared yet', { audit: row.id, error: String(error) });
    return view(ctx, scope, row, 'counts');
  }
}

/** Keeps the result with the audit and its row in the visit log. */
function settle(
  ctx: ServiceContext,
  scope: SignedInScope,
  row: AuditRow,
  result: AuditComparison,
  bucketMs: number,
): AccuracyAudit {
  guarded(() =>
    scope.store.work.db.transaction(() => {
      scope.store.work.audits.settle(row.id, result, bucketMs);
      writeLog(scope, { ...row, result, bucketMs, bucketSeen: true });
    })(),
  );
  ctx.outboxChanged(true);
  return view(ctx, scope, auditOf(scope, row.id));
}

function compared(
  ctx: ServiceContext,
  scope: SignedInScope,
  row: AuditRow,
  window: AuditWindow | null,
  bucketMs: number,
  series: readonly { start: string; end: string; count: number; in?: number; out?: number }[],
): AuditComparison {
  const thresholds = auditThresholds(ctx);
  // No whole bucket in the run (stopped at once): nothing to compare, not enough people.
  const span = window ?? { start: row.startedAt, end: row.startedAt };
  const taps = scope.store.work.audits.taps(row.id);
  // Bucket by bucket (decision record 72): errors in different buckets never cancel.
  return compareBuckets(
    span,
    auditBuckets(span, bucketMs, taps, series, thresholds.percent),
    thresholds,
  );
}

/** Settles every stopped audit whose counts can be read now (after a sync run). */
export async function settleAudits(ctx: ServiceContext): Promise<void> {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return;
  for (const row of scope.store.work.audits.unsettled()) {
    await settleOne(ctx, scope, row);
  }
}

/**
 * What an audit of this device will take, said before it starts: the server's bucket as last
 * read (read now only when it never was), the device's update interval as saved here, and
 * whether the whole audit fits a store's usual slot.
 */
export async function planAudit(ctx: ServiceContext, serial: string): Promise<AuditPlan> {
  const scope = requireScope(ctx);
  const last = ctx.settings.setting(LAST_BUCKET_SETTING);
  let bucketMs = typeof last === 'number' && last > 0 ? last : null;
  let bucketSeen = bucketMs !== null;
  if (bucketMs === null) {
    try {
      bucketMs = await serverBucket(ctx, scope, serial, Date.now());
      ctx.settings.saveSetting(LAST_BUCKET_SETTING, bucketMs);
      bucketSeen = true;
    } catch (error) {
      if (!isConnectivity(error)) throw error;
      bucketMs = MINUTE;
    }
  }
  const interval = scope.store.cache.devices.get(serial)?.device.update_interval_s ?? null;
  const thresholds = auditThresholds(ctx);
  const { countMs, totalMs } = auditDurationAtMost(
    bucketMs,
    interval === null ? DEFAULT_INTERVAL_MS : interval * 1000,
    thresholds,
  );
  return {
    bucketMs,
    bucketSeen,
    updateIntervalS: interval,
    thresholds,
    countMs,
    totalMs,
    slotMs: STORE_SLOT_MS,
    fits: totalMs <= STORE_SLOT_MS,
  };
}
