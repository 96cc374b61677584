/**
 * An accuracy audit on the device screen, as state: what the core answered, the fast clock
 * while it runs, the pending audit read again until it settles, the planned run that stops by
 * itself, and the actions. Created while its component initialises (its effects are the
 * component's). AccuracyAudit.svelte keeps the view: keys, the scanner and the print sheet.
 */
import { untrack } from 'svelte';
import type { AccuracyAudit, AppErrorShape, AuditPlan, Direction } from '$shared';
import {
  COARSE_BUCKET_MS,
  auditThresholdsOf,
  minimumTimeAt,
  type AuditThresholds,
} from '$shared/accuracy-audit';
import { managed } from '../../lib/state/managed.svelte';
import { toErrorShape } from '../../lib/transport/app-failure';
import { call } from '../../lib/transport/transport';

/** The component's props, read as they are now (a getter each). */
interface AuditTarget {
  readonly serial: string;
  readonly locationId: string;
  /** The audit ended or settled: the visit's open rules may have changed. */
  readonly onChanged?: (() => void) | undefined;
}

/** How often a running audit's clock ticks, and a pending audit is read again. */
const CLOCK_MS = 250;
const PENDING_READ_MS = 2_000;

export class AuditRun {
  audit = $state.raw<AccuracyAudit | null>(null);
  /** How long an audit of this device takes, said before it starts. */
  plan = $state.raw<AuditPlan | null>(null);
  error = $state<AppErrorShape | null>(null);
  busy = $state(false);
  simulated = $state.raw<{ in: number; out: number } | null>(null);
  /** A fast clock while an audit runs: the timer, the start and the end are seconds apart. */
  clock = $state(Date.now());

  /** What IT set (managed settings), else the defaults; an audit keeps those it was judged by. */
  readonly thresholds: AuditThresholds = $derived(
    this.audit?.thresholds ?? auditThresholdsOf(managed.settings),
  );
  /** Counting goes on after Stop, to the end of the device's bucket (the window's end). */
  readonly counting = $derived(
    this.audit !== null &&
      (this.audit.state === 'counting' ||
        (this.audit.state === 'pending' &&
          this.audit.window.end !== null &&
          this.clock < this.audit.window.end)),
  );
  readonly started = $derived(this.audit !== null && this.clock >= this.audit.window.start);
  readonly coarse = $derived(this.audit !== null && this.audit.bucketMs > COARSE_BUCKET_MS);
  readonly outcome = $derived(
    this.audit?.result
      ? (`audit_${this.audit.result.outcome}` as const)
      : ('audit_pending' as const),
  );
  /** Counting down to when the window holds the minimum time. */
  readonly minimumAt = $derived(
    this.audit
      ? minimumTimeAt(this.audit.window.start, this.audit.bucketMs, this.thresholds)
      : null,
  );

  readonly #target: AuditTarget;

  constructor(target: AuditTarget) {
    this.#target = target;
    $effect(() => void managed.load());
    $effect(() => {
      const id = target.serial;
      call('getAudit', { serial: id }).then(
        (found) => {
          if (id === target.serial) this.audit = found;
        },
        (e: unknown) => (this.error = toErrorShape(e)),
      );
      call('planAudit', { serial: id }).then(
        (found) => {
          if (id === target.serial) this.plan = found;
        },
        () => {
          // The intro still says the rule; only the time it takes is left unsaid.
        },
      );
    });
    $effect(() => {
      if (!this.audit || this.audit.state === 'done') return;
      const timer = setInterval(() => (this.clock = Date.now()), CLOCK_MS);
      return () => clearInterval(timer);
    });
    // A pending audit is read again now and then: reading settles it once the counts are there.
    $effect(() => {
      if (this.audit?.state !== 'pending') return;
      const id = this.audit.id;
      const timer = setInterval(() => {
        call('getAudit', { auditId: id }).then(
          (found) => this.#show(found),
          () => undefined,
        );
      }, PENDING_READ_MS);
      return () => clearInterval(timer);
    });
    // A planned run (coarse buckets) stops by itself at its end (untracked: stopping changes
    // what this reads).
    $effect(() => {
      const { audit } = this;
      if (
        audit?.state === 'counting' &&
        audit.plannedEnd !== null &&
        this.clock >= audit.plannedEnd
      )
        untrack(() => void this.stop());
    });
  }

  /**
   * Shows what the core answered; an audit that has just reached its result tells the screen,
   * on this event — never from an effect, which would run again on what the screen changes.
   */
  #show(found: AccuracyAudit | null): void {
    const settled = found?.state === 'done' && this.audit?.state !== 'done';
    this.audit = found;
    if (settled) this.#target.onChanged?.();
  }

  async #run<T>(work: () => Promise<T>): Promise<T | undefined> {
    this.error = null;
    try {
      return await work();
    } catch (e) {
      this.error = toErrorShape(e);
      return undefined;
    }
  }

  async start(): Promise<void> {
    this.busy = true;
    const { serial, locationId } = this.#target;
    const found = await this.#run(() => call('startAudit', { serial, locationId }));
    if (found) this.#show(found);
    this.busy = false;
  }

  async tap(direction: Direction | 'undo'): Promise<void> {
    const { audit } = this;
    if (!audit || !this.counting) return;
    const found = await this.#run(() => call('auditTap', { auditId: audit.id, direction }));
    if (found) this.#show(found);
  }

  async stop(): Promise<void> {
    const { audit } = this;
    if (!audit || this.busy) return;
    this.busy = true;
    const found = await this.#run(() => call('stopAudit', { auditId: audit.id }));
    if (found) this.#show(found);
    this.busy = false;
  }

  /** A failed audit's reason (the field checks it is not empty). */
  async saveReason(reason: string): Promise<void> {
    const { audit } = this;
    if (!audit) return;
    const found = await this.#run(() => call('auditReason', { auditId: audit.id, reason }));
    if (found) this.#show(found);
  }

  async simulate(): Promise<void> {
    const people = {
      in: 2 + Math.floor(Math.random() * 4),
      out: 1 + Math.floor(Math.random() * 4),
    };
    const { serial } = this.#target;
    const done = await this.#run(() => call('simulateCrossing', { serial, ...people }));
    if (done) this.simulated = done;
  }
}
