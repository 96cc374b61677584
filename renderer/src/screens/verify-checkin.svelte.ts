/**
 * The device's check-in on Verify, as state: its health by the same rule as the location
 * table (electron/shared/device-health.ts), judged at the newest of the shared clock and the
 * poll's last answer so a device that falls silent turns "Silent" here too; whether it is
 * overdue (the guided check is shown), and whether that check was shown (once the device
 * checks in, the screen says so). Created while VerifyScreen initialises (its effect is the
 * screen's).
 */
import { healthSince, type CheckinState, type Health } from '$shared/device-health';
import { now } from '../lib/state/clock.svelte';
import type { VerifyPoll } from '../lib/state/verify-poll.svelte';

export class CheckinFollow {
  readonly health: Health;
  readonly state: CheckinState;
  /** Past its expected first check-in, or silent since: the guided check is shown. */
  readonly overdue: boolean;
  /** The guided check was shown: once the device checks in, the screen says so. */
  guided = $state(false);

  /** `installedAt` is the route's install time, used until the server's is read. */
  constructor(poll: VerifyPoll, installedAt: () => string) {
    this.health = $derived(
      poll.device
        ? healthSince(
            {
              lastCheckinAt: poll.device.lastCheckinAt,
              updateIntervalS: poll.device.updateIntervalS,
            },
            // The server's install time once read (Verify opened from a list that does not
            // know it), else the route's.
            poll.device.installedAt ?? installedAt(),
            Math.max(now.value, poll.polledAt),
          )
        : { state: 'waiting', dueAt: null },
    );
    this.state = $derived(this.health.state);
    this.overdue = $derived(
      this.state === 'silent' ||
        (this.health.state === 'waiting' &&
          this.health.dueAt !== null &&
          this.health.dueAt < Math.max(now.value, poll.polledAt)),
    );
    $effect(() => {
      if (this.overdue) this.guided = true;
    });
  }
}
