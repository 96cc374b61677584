/**
 * The walk test on Verify, as state: the passes asked for (as typed, and whether they can be
 * asked), the count the core read since the walk test started, and what that count says
 * (passed, others crossed before the start, more counted than walked). VerifyScreenState owns
 * it and starts the walk test; the screen shows it.
 */
import type { VerificationReading, VerificationState } from '$shared';
import type { VerifyPoll } from '../lib/state/verify-poll.svelte';

/** Passes asked for when the technician does not say (the core applies the same default). */
export const DEFAULT_PASSES = 3;

/** Message functions, said when shown (they follow a language change). */
type Words = () => string;

export class WalkTest {
  passesText = $state(String(DEFAULT_PASSES));
  passesError = $state<Words | undefined>();
  readonly passes: number | null;
  readonly passesValid: boolean;
  /** When the walk test started: as the visit holds it, else as the core last read it. */
  readonly startedAt: string | null;
  /** The count as the core read it for this start (null until it has). */
  readonly reading: VerificationReading['walk'];
  readonly counted: number;
  readonly passed: boolean;
  /** Others crossed before the start, or the device counted more than was walked. */
  readonly othersBefore: boolean;
  readonly moreThanWalked: boolean;

  /** `held` is what the visit holds for this device (null until read). */
  constructor(poll: VerifyPoll, held: () => VerificationState | null) {
    this.passes = $derived(
      /^\d{1,3}$/.test(this.passesText.trim()) ? Number(this.passesText) : null,
    );
    this.passesValid = $derived(this.passes !== null && this.passes >= 1 && this.passes <= 100);
    this.startedAt = $derived(held()?.walkTest?.startedAt ?? poll.walk?.startedAt ?? null);
    this.reading = $derived(poll.walk && poll.walk.startedAt === this.startedAt ? poll.walk : null);
    this.counted = $derived(this.reading?.counted ?? 0);
    this.passed = $derived(
      this.startedAt !== null &&
        this.passes !== null &&
        this.passes >= 1 &&
        this.counted >= this.passes,
    );
    this.othersBefore = $derived(this.reading !== null && this.reading.before > 0);
    this.moreThanWalked = $derived(
      this.reading !== null && this.passes !== null && this.counted > this.passes,
    );
  }
}
