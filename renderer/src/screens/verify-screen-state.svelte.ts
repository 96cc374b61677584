/**
 * Verifying one installed device, as state: what the visit holds for it (the verification
 * recorded, shown as it was recorded and never offered again as if it were not, and the walk
 * test started), the core's reading every few seconds until the verification is recorded,
 * the check-in (CheckinFollow) and the walk test (WalkTest), recording the result (with the
 * reason asked for when the walk test did not pass), what IT's completion rules still ask,
 * the store, and the pick list's next device. Created while VerifyScreen initialises (its
 * effects are the screen's); the screen keeps the view: the cards, the record bar and words.
 */
import { tick } from 'svelte';
import type {
  ActivityEntry,
  AppErrorShape,
  LocationView,
  OutboxItem,
  VerificationState,
  VisitCompletion,
} from '$shared';
import {
  isVerificationResult,
  verificationResult,
  type VerificationResult,
} from '$shared/verification-result';
import { getAppContext } from '../lib/state/context';
import { pendingFor } from '../lib/state/pending-action';
import { VerifyPoll } from '../lib/state/verify-poll.svelte';
import { toErrorShape } from '../lib/transport/app-failure';
import { call } from '../lib/transport/transport';
import { toVerify } from '../lib/visit/pick-verify';
import { m } from '../lib/words/i18n';
import { CheckinFollow } from './verify-checkin.svelte';
import { WalkTest } from './verify-walk.svelte';

/** The screen's props, read as they are now (a getter each). */
interface VerifyTarget {
  readonly serial: string;
  readonly locationId: string;
  readonly installedAt: string;
}

/** Message functions, said when shown (they follow a language change). */
type Words = () => string;

/** The main button is the next useful step: walk, then wait, then record "Verified". */
type VerifyStep = 'walk' | 'walking' | 'wait' | 'record';

const focus = async (selector: string): Promise<void> => {
  await tick();
  document.querySelector<HTMLElement>(selector)?.focus();
};

export class VerifyScreenState {
  readonly #target: VerifyTarget;
  readonly #session = getAppContext().session;
  /**
   * What the visit holds for this device, read from the core when the screen opens. Null
   * until read.
   */
  held = $state.raw<VerificationState | null>(null);
  /** "Verify again": a recorded verification stays recorded; a new one is being made. */
  again = $state(false);
  error = $state<AppErrorShape | null>(null);
  busy = $state(false);
  simulating = $state(false);
  /** What IT's completion rules still ask of this device, read again after each proof. */
  completion = $state.raw<VisitCompletion | null>(null);
  location = $state.raw<LocationView | null>(null);
  /** The pick list's devices at this store still to verify, once this one is recorded. */
  pickNext = $state.raw<string[]>([]);
  reason = $state('');
  /** The technician asked to record before the walk test passed: the reason is asked for. */
  recordingShort = $state(false);
  reasonError = $state<Words | undefined>();

  // The core reads the device and the walk test's count; asked every few seconds until the
  // verification is recorded, never after (a screen left open sends nothing).
  readonly poll: VerifyPoll;
  readonly checkin: CheckinFollow;
  readonly walk: WalkTest;
  // What follows is derived, made in the constructor (a field's initialiser could not read
  // the props it was given).
  /** Opened while the install is still in the queue: it says so, and follows it until sent. */
  readonly pending: OutboxItem | null;
  /** Nobody walks past a practice device: training simulates the passes. */
  readonly training: boolean;
  readonly recorded: ActivityEntry | null;
  /** What was recorded, as the log keeps it. */
  readonly recordedResult: VerificationResult | null;
  /** What a record now would say: the core applies the same rule to what it reads. */
  readonly outcome: VerificationResult;
  readonly step: VerifyStep;

  constructor(target: VerifyTarget) {
    this.#target = target;
    const session = this.#session;
    this.poll = new VerifyPoll(() => target.serial);
    this.checkin = new CheckinFollow(this.poll, () => target.installedAt);
    this.walk = new WalkTest(this.poll, () => this.held);
    this.pending = $derived(pendingFor(session.outbox, target.serial));
    this.training = $derived(session.status?.training === true);
    this.recorded = $derived(this.again ? null : (this.held?.recorded ?? null));
    this.recordedResult = $derived(
      this.recorded && isVerificationResult(this.recorded.result) ? this.recorded.result : null,
    );
    this.outcome = $derived(verificationResult(this.checkin.state === 'online', this.walk.passed));
    this.step = $derived(
      this.walk.startedAt === null
        ? 'walk'
        : !this.walk.passed
          ? 'walking'
          : this.checkin.state !== 'online'
            ? 'wait'
            : 'record',
    );

    $effect(() => {
      const wanted = target.serial;
      call('verification', { serial: wanted }).then(
        async (found) => {
          if (wanted !== target.serial) return;
          if (found.recorded) await this.#readPickNext();
          this.held = found;
        },
        (e: unknown) => (this.error = toErrorShape(e)),
      );
    });
    $effect(() => (this.held !== null && this.recorded === null ? this.poll.start() : undefined));
    $effect(() => {
      void session.dataVersion;
      this.readCompletion();
    });
    $effect(() => {
      const id = target.locationId;
      call('getLocation', { locationId: id }).then(
        (found) => {
          if (id === target.locationId) this.location = found.value;
        },
        () => {
          // The heading then names the device only; the store is still on the previous screen.
        },
      );
    });
  }

  /** Asked when the screen opens, when the data changed, and when a panel recorded a proof:
   * called on those events, never from an effect that reads what it changes. */
  readCompletion(): void {
    call('visitCompletion', {}).then(
      (answer) => (this.completion = answer),
      () => {
        // Activity lists the same; the Verify screen still works without it.
      },
    );
  }

  async startWalk(): Promise<void> {
    this.error = null;
    this.walk.passesError = undefined;
    if (!this.walk.passesValid) {
      this.walk.passesError = m.verify_passes_error;
      return;
    }
    this.busy = true;
    try {
      const { serial, locationId } = this.#target;
      this.held = await call('startWalkTest', { serial, locationId });
      this.poll.now();
    } catch (e) {
      this.error = toErrorShape(e);
    } finally {
      this.busy = false;
    }
  }

  async simulateWalkThrough(): Promise<void> {
    this.simulating = true;
    this.error = null;
    try {
      await call('simulateWalkThrough', { serial: this.#target.serial });
    } catch (e) {
      this.error = toErrorShape(e);
    } finally {
      this.simulating = false;
    }
  }

  async #readPickNext(): Promise<void> {
    const { serial, locationId } = this.#target;
    try {
      const [list, entries] = await Promise.all([
        call('pickList', { locationId }),
        call('listActivity', {}),
      ]);
      this.pickNext = toVerify(list.lines, entries, locationId).filter((s) => s !== serial);
    } catch {
      this.pickNext = [];
    }
  }

  async record(): Promise<void> {
    const { walk } = this;
    this.error = null;
    walk.passesError = this.reasonError = undefined;
    if (!walk.passesValid || walk.passes === null) {
      walk.passesError = m.verify_passes_error;
      return;
    }
    if (!walk.passed && this.reason.trim() === '') {
      this.recordingShort = true;
      this.reasonError = m.verify_reason_error;
      await focus('#walk-reason');
      return;
    }
    this.busy = true;
    try {
      const { serial, locationId } = this.#target;
      const entry = await call('recordVerification', {
        serial,
        locationId,
        walkTestExpected: walk.passes,
        ...(walk.passed ? {} : { walkTestReason: this.reason }),
      });
      this.poll.stop();
      // What comes next is known before the bar shows it, so the focus lands on it.
      await this.#readPickNext();
      this.held = { recorded: entry, walkTest: this.held?.walkTest ?? null };
      this.again = false;
      this.recordingShort = false;
      this.readCompletion();
      // The button just pressed is gone: focus goes to what comes next.
      await focus('#verify-next');
    } catch (e) {
      this.error = toErrorShape(e);
    } finally {
      this.busy = false;
    }
  }

  verifyAgain(): void {
    this.again = true;
    this.reason = '';
    this.recordingShort = false;
  }
}
