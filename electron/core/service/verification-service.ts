/**
 * A placed device's verification, from what the core reads from the server: whether it checks
 * in (the rule every table uses, electron/shared/device-health.ts) and what it counted since
 * the technician started the walk test — the start an entry of the visit's chained record, the
 * count the device's buckets from the one that start fell in. The page shows these readings and
 * asks to record; the numbers recorded are the core's own (decision 49).
 */
import type {
  ActivityEntry,
  ActivityFact,
  ParsedInput,
  VerificationReading,
  VerificationState,
  WalkTestResult,
} from '../../shared';
import { healthSince, isCheckingIn } from '../../shared/device-health';
import { traitsOf } from '../../shared/error-traits';
import { verificationResult } from '../../shared/verification-result';
import { AppError } from '../app-error';
import { guarded } from '../db/storage-error';
import { recordAtStore } from './activity-facts';
import { requireScope, tracked, type ServiceContext, type SignedInScope } from './context';
import { getDevice } from './read-service';
import { readEitherCase } from './serial-spelling';

/** Passes a walk test asks for when the technician does not say. */
const DEFAULT_WALK_TEST_PASSES = 3;
/** How far before the walk test's start the device's count says whether others cross too. */
const BEFORE_MINUTES = 5;
/** Offline, a reading this recent is recorded rather than none (the page showed it). */
const READING_KEPT_MS = 2 * 60_000;

interface WalkStartBody {
  serial: string;
  locationId: string;
}

/** The last reading made from the server, per scope and serial: recorded offline, shortly. */
const lastReadings = new WeakMap<SignedInScope, Map<string, VerificationReading>>();

const currentVisit = (scope: SignedInScope) =>
  guarded(() => scope.store.work.activity.visits.current());

/** When the device's walk test was last started in the visit in progress. */
function walkStartOf(scope: SignedInScope, serial: string): string | null {
  const visit = currentVisit(scope);
  if (!visit) return null;
  const starts = guarded(() =>
    scope.store.work.activity.record.ofKind(visit.id, 'walk_test_started'),
  );
  return starts.findLast((e) => (e.body as WalkStartBody).serial === serial)?.at ?? null;
}

export function verificationOf(ctx: ServiceContext, serial: string): VerificationState {
  const scope = requireScope(ctx);
  const visit = currentVisit(scope);
  if (!visit) return { recorded: null, walkTest: null };
  const recorded =
    guarded(() => scope.store.work.activity.list(visit.id)).findLast(
      (e) => e.action === 'verify' && e.serial === serial,
    ) ?? null;
  const startedAt = walkStartOf(scope, serial);
  return { recorded, walkTest: startedAt === null ? null : { startedAt } };
}

export function startWalkTest(
  ctx: ServiceContext,
  input: ParsedInput<'startWalkTest'>,
): VerificationState {
  const { work } = requireScope(ctx).store;
  guarded(() =>
    work.db.transaction(() => {
      const visit = work.activity.visits.ensureOpen();
      const body: WalkStartBody = { serial: input.serial, locationId: input.locationId };
      work.activity.record.append({ visitId: visit.id, kind: 'walk_test_started', body });
    })(),
  );
  return verificationOf(ctx, input.serial);
}

/** The device's buckets from the one the start fell in, and those of the minutes before. */
async function walkCount(
  ctx: ServiceContext,
  scope: SignedInScope,
  serial: string,
  startedAt: string,
): Promise<NonNullable<VerificationReading['walk']>> {
  const start = Date.parse(startedAt);
  const from = start - BEFORE_MINUTES * 60_000;
  const { series } = await tracked(ctx, () =>
    readEitherCase(serial, (s) =>
      scope.api.deviceFootTraffic(s, {
        from: new Date(from).toISOString(),
        to: new Date().toISOString(),
        granularity: 'minute',
      }),
    ),
  );
  let counted = 0;
  let before = 0;
  for (const bucket of series) {
    if (Date.parse(bucket.end) > start) counted += bucket.count;
    else if (Date.parse(bucket.start) >= from) before += bucket.count;
  }
  return { startedAt, counted, before, beforeMinutes: BEFORE_MINUTES };
}

export async function readVerification(
  ctx: ServiceContext,
  serial: string,
): Promise<VerificationReading> {
  const scope = requireScope(ctx);
  const startedAt = walkStartOf(scope, serial);
  // Asked together; a device read that fails offline answers the copy saved here.
  const [device, walk] = await Promise.all([
    getDevice(ctx, serial, true),
    startedAt === null ? null : walkCount(ctx, scope, serial, startedAt),
  ]);
  const reading: VerificationReading = {
    device: {
      lastCheckinAt: device.value.last_checkin_at ?? null,
      updateIntervalS: device.value.update_interval_s ?? null,
      installedAt: device.value.installed_at ?? null,
      readAt: device.source === 'network' ? device.fetchedAt : null,
    },
    walk,
  };
  if (reading.device.readAt !== null) {
    let kept = lastReadings.get(scope);
    if (!kept) lastReadings.set(scope, (kept = new Map()));
    kept.set(serial, reading);
  }
  return reading;
}

/** A reading from the server now; offline, the last one if it is recent and of this walk. */
async function readingToRecord(
  ctx: ServiceContext,
  scope: SignedInScope,
  serial: string,
): Promise<VerificationReading> {
  try {
    const reading = await readVerification(ctx, serial);
    if (reading.device.readAt !== null) return reading;
  } catch (error) {
    if (!(error instanceof AppError && traitsOf(error.kind).connectivity)) throw error;
  }
  const last = lastReadings.get(scope)?.get(serial);
  const fresh =
    last?.device.readAt !== null &&
    last !== undefined &&
    Date.now() - Date.parse(last.device.readAt ?? '') <= READING_KEPT_MS &&
    (last.walk?.startedAt ?? null) === walkStartOf(scope, serial);
  if (last && fresh) return last;
  throw new AppError({ kind: 'offline', code: 'verification_offline', params: { serial } });
}

/**
 * The walk test passes when the device counted at least the passes walked since it started. A
 * failed one is recorded only with a reason, so the receipt never shows a failure nobody
 * explained.
 */
export function walkTestOf(
  input: ParsedInput<'recordVerification'>,
  walk: VerificationReading['walk'],
): WalkTestResult {
  const expected = input.walkTestExpected ?? DEFAULT_WALK_TEST_PASSES;
  const counted = walk?.counted ?? 0;
  const passed = walk !== null && counted >= expected;
  const reason = input.walkTestReason?.trim() || null;
  if (!passed && reason === null) {
    throw new AppError({
      kind: 'validation',
      code: 'walk_test_short',
      params: { count: counted, expected },
      // Required when the walk test fell short.
      fields: { walkTestReason: { code: 'required' } },
    });
  }
  return {
    expected,
    counted,
    passed,
    reason: passed ? null : reason,
    startedAt: walk?.startedAt ?? null,
  };
}

/** Checking in since the install, by the rule every table uses, as read just now. */
const checksIn = (device: VerificationReading['device'], at: number): boolean => {
  return device.installedAt
    ? healthSince(device, device.installedAt, at).state === 'online'
    : isCheckingIn(device, at);
};

export async function recordVerification(
  ctx: ServiceContext,
  input: ParsedInput<'recordVerification'>,
): Promise<ActivityEntry> {
  const scope = requireScope(ctx);
  const reading = await readingToRecord(ctx, scope, input.serial);
  const walkTest = walkTestOf(input, reading.walk);
  const checkedIn = checksIn(reading.device, Date.parse(reading.device.readAt ?? '') || Date.now());
  const fact: ActivityFact = {
    kind: 'verification',
    checkedIn,
    note: input.note?.trim() || null,
  };
  return recordAtStore(scope, input, {
    action: 'verify',
    // A failed walk test is not "verified": the result says so wherever it is read.
    result: verificationResult(checkedIn, walkTest.passed),
    fact,
    walkTest,
  });
}
