/**
 * One device's screen, as state: the device read (kept fresh, asked every few seconds while
 * its first check-in is awaited), the store it was opened at, the label's field, its action in
 * the queue followed until the device shows it, and the actions (install, uninstall, move)
 * with their questions and what they answered. Created while DeviceScreen initialises (its
 * effects are the screen's); the screen keeps the view: the buttons, the focus and the words.
 */
import { untrack } from 'svelte';
import type {
  ActionResult,
  AppErrorShape,
  DeviceView,
  LocationRefView,
  LocationView,
  OutboxItem,
} from '$shared';
import { deviceHealth } from '$shared/device-health';
import { isSerial } from '$shared/id-patterns';
import { scanSound } from '../lib/scan/scan-sounds';
import { CachedRead } from '../lib/state/cached-read.svelte';
import { now } from '../lib/state/clock.svelte';
import { getAppContext } from '../lib/state/context';
import { keepFresh } from '../lib/state/keep-fresh.svelte';
import { holdsActions, pendingFor, sentText } from '../lib/state/pending-action';
import { takeHandedDevice } from '../lib/state/read-handoff';
import { refreshOnDataUpdate } from '../lib/state/refresh-on-update.svelte';
import { cancelOnEscape, ScreenWork } from '../lib/state/screen-work.svelte';
import { VERIFY_POLL_MS } from '../lib/state/verify-poll.svelte';
import { toErrorShape } from '../lib/transport/app-failure';
import { call } from '../lib/transport/transport';
import { m } from '../lib/words/i18n';
import { describeOutcome, stillSending } from '../lib/words/install-outcome';

/** The screen's props, read as they are now (a getter each). */
interface DeviceTarget {
  /** The shell makes a new screen for every route: the serial is this instance's for good. */
  readonly serial: string;
  readonly locationId: string | null;
}

type Verb = 'Installed' | 'Uninstalled' | 'Moved';

/** When an install the core answered without its time happened: now. */
const nowStamp = (): string => new Date().toISOString();

export class DeviceScreenState {
  readonly #target: DeviceTarget;
  readonly #context = getAppContext();
  // Leaving the screen stops its reads; an action's late answer must not navigate either.
  readonly #work = new ScreenWork();
  readonly device: CachedRead<DeviceView>;
  here = $state<LocationRefView | null>(null);
  /** The store was found (not only "this location"): it can be named beside "Install here". */
  hereFound = $state(false);
  busy = $state(false);
  error = $state<AppErrorShape | null>(null);
  /** What an action answered done said ("Uninstalled …"); a queued one is followed below. */
  #outcome = $state<string | null>(null);
  confirmMove = $state(false);
  confirmUninstall = $state(false);
  // Opened from Inventory (no store yet): "Install at…" picks one right here.
  picking = $state(false);
  target = $state<LocationView | null>(null);
  // The device's label: one field on this screen (beside "Install" while it is offered, in the
  // edit form otherwise), starting from the label as shown and following it while untouched —
  // a label queued with an install shows there, never an empty field beside it. Given while
  // installing, it is sent by the install's own intent (device-actions.ts installDevice), when
  // it says something new.
  label = $state('');
  /** The label the field last took from the device: the field is untouched while equal. */
  #labelShown: string | null = null;
  // The action this screen saw in the queue, once it has left it: said here (with Verify
  // offered by the device's new state) without leaving the screen.
  #sent = $state.raw<OutboxItem | null>(null);
  #seen: OutboxItem | null = null;
  /** An action answered "still being sent" after the wait: saved, and safe to leave — said
   * while the queue says it is on its way (not once it waits again, nor once it is sent). */
  #sendingNote = $state<string | null>(null);

  // What follows is derived from the device read, made in the constructor (a field's
  // initialiser could not read the props it was given).
  readonly given: string | undefined;
  readonly installedAt: LocationRefView | null;
  readonly installedHere: boolean;
  readonly installedElsewhere: boolean;
  /** This device's action in the queue, as the core's pushed outbox says it is now: queued,
   * being sent, stopped (conflict, failed), and gone once done. */
  readonly pending: OutboxItem | null;
  /** An install, uninstall, move or replace waiting hides the actions (another would race it),
   * and so does a stopped one (later actions wait behind it); a queued settings change does not. */
  readonly held: boolean;
  /** What the screen says of the last action: done, on its way, or sent and shown. */
  readonly said: string | null;
  /** Installed and waiting for its first check-in. */
  readonly #waiting: boolean;
  /** Past its expected first check-in, or silent since: the guided check (as on Verify). */
  readonly quiet: { dueAt: number | null } | null;
  /** Install is offered (here or "Install at…"): the label's field stands beside it. */
  readonly labelAbove: boolean;

  constructor(target: DeviceTarget) {
    this.#target = target;
    const { serial } = target;
    const { router, session } = this.#context;
    const work = this.#work;
    $effect(() =>
      cancelOnEscape(() => {
        if (!this.device.loading) return false;
        this.device.cancel();
        return true;
      }),
    );
    // Opened by a lookup (Scan): its answer is shown at once (lib/state/read-handoff.ts).
    this.device = new CachedRead(
      (signal) => call('getDevice', { serial }, AbortSignal.any([signal, work.signal])),
      takeHandedDevice(serial, session.dataVersion),
    );
    this.given = $derived(
      this.label.trim() && this.label.trim() !== (this.device.value?.label ?? '')
        ? this.label.trim()
        : undefined,
    );
    this.installedAt = $derived(this.device.value?.location ?? null);
    this.installedHere = $derived(
      this.installedAt !== null && this.installedAt.id === target.locationId,
    );
    this.installedElsewhere = $derived(this.installedAt !== null && !this.installedHere);
    this.pending = $derived(pendingFor(session.outbox, serial));
    this.held = $derived(this.pending !== null && holdsActions(this.pending));
    this.said = $derived(
      this.#outcome ??
        (this.pending?.state === 'syncing' ? this.#sendingNote : null) ??
        (this.#sent && this.device.value && this.#sentDone(this.#sent, this.device.value)
          ? sentText(this.#sent, serial)
          : null),
    );
    // Asked of the server every few seconds while waiting (below), so "Last check-in" and the
    // badge turn when it arrives (the cache refreshes far less often).
    this.#waiting = $derived(
      this.device.value !== null && deviceHealth(this.device.value, now.value)?.state === 'waiting',
    );
    this.quiet = $derived.by(() => {
      const health = this.device.value ? deviceHealth(this.device.value, now.value) : null;
      if (health?.state === 'silent') return { dueAt: null };
      if (health?.state === 'waiting' && health.dueAt !== null && health.dueAt < now.value)
        return { dueAt: health.dueAt };
      return null;
    });
    this.labelAbove = $derived(this.device.value !== null && !this.installedAt && !this.held);
    // Opened with a serial as typed or scanned (a link, a scan anywhere): the address, the
    // heading and every action take the server's spelling once the device is read.
    $effect(() => {
      const spelled = this.device.value?.serial;
      if (spelled !== undefined && spelled !== serial && isSerial(spelled))
        router.settle({ name: 'device', serial: spelled, locationId: target.locationId });
    });
    const hereRead = {
      refresh: async () => {
        const { locationId } = target;
        if (!locationId) return;
        try {
          const l = await call('getLocation', { locationId }, work.signal);
          this.here = { id: l.value.id, name: l.value.name };
          this.hereFound = true;
        } catch {
          this.here = { id: locationId, name: m.device_this_location() };
          this.hereFound = false;
        }
      },
    };
    refreshOnDataUpdate(session, this.device, hereRead);
    keepFresh(this.device);
    $effect.pre(() => {
      const name = this.device.value?.label ?? '';
      if (this.device.value === null) return;
      untrack(() => {
        if (this.#labelShown === null || this.label === this.#labelShown) this.label = name;
        this.#labelShown = name;
      });
    });
    $effect(() => {
      if (this.pending) {
        this.#seen = this.pending;
        this.#sent = null;
      } else if (this.#seen) {
        this.#sent = this.#seen;
        this.#seen = null;
        // The core says "data-updated" too; reading now does not wait for it.
        void this.device.refresh();
      }
    });
    $effect(() => {
      if (!this.#waiting || this.held || !session.online) return;
      const timer = setInterval(
        () =>
          void this.device.refresh((signal) =>
            call('getDevice', { serial, fresh: true }, AbortSignal.any([signal, work.signal])),
          ),
        VERIFY_POLL_MS,
      );
      return () => clearInterval(timer);
    });
  }

  /** Said only when the device shows it (a discarded action leaves the queue as well). */
  #sentDone(item: OutboxItem, shown: DeviceView): boolean {
    const at = shown.location?.id ?? null;
    if (item.kind === 'uninstall' || item.replaces === this.#target.serial) return at === null;
    if (item.kind === 'update_device') return true;
    return at !== null && at === item.locationId;
  }

  async #act(
    verb: Verb,
    run: () => Promise<ActionResult>,
    at: string | null = this.#target.locationId,
  ): Promise<void> {
    const { router, session, preferences } = this.#context;
    const { serial } = this.#target;
    this.busy = true;
    this.error = null;
    this.#outcome = null;
    this.#sendingNote = null;
    this.#sent = null;
    const listed = session.outboxVersion;
    try {
      const result = await run();
      if (verb !== 'Uninstalled') scanSound(preferences.sounds, 'installed');
      if (this.#work.left) return;
      this.confirmMove = false;
      this.confirmUninstall = false;
      this.target = null;
      if (result.status === 'done' && verb !== 'Uninstalled' && at) {
        const since = result.device.installedAt ?? nowStamp();
        router.replace({ name: 'verify', serial, locationId: at, installedAt: since });
        return;
      }
      // Queued: the queue shows it from now on, and this screen follows it from there. One
      // still on its way after the wait is also said to be saved and safe to leave, until the
      // queue says it was sent.
      if (result.status === 'queued') session.noteQueued(result.item, listed);
      if (stillSending(result)) this.#sendingNote = describeOutcome(result, verb);
      else if (result.status !== 'queued') this.#outcome = describeOutcome(result, verb);
      void this.device.refresh();
    } catch (e) {
      scanSound(preferences.sounds, 'problem');
      this.confirmMove = false;
      this.confirmUninstall = false;
      this.target = null;
      this.error = toErrorShape(e);
    } finally {
      this.busy = false;
    }
  }

  /** "Install here", at the store the screen was opened at. */
  install(): void {
    const { serial, locationId } = this.#target;
    if (locationId)
      void this.#act('Installed', () =>
        call('installDevice', { serial, locationId, label: this.given }),
      );
  }

  /** "Install at…", at the store picked (asked first). */
  installAtTarget(): void {
    const at = this.target;
    const { serial } = this.#target;
    if (at)
      void this.#act(
        'Installed',
        () => call('installDevice', { serial, locationId: at.id, label: this.given }),
        at.id,
      );
  }

  uninstall(): void {
    const { serial } = this.#target;
    const locationId = this.installedAt?.id;
    void this.#act('Uninstalled', () => call('uninstallDevice', { serial, locationId }));
  }

  /** "Move here", from where it is installed to the store the screen was opened at. */
  move(): void {
    const { serial, locationId } = this.#target;
    const from = this.installedAt;
    if (locationId && from)
      void this.#act('Moved', () =>
        call('moveDevice', { serial, fromLocationId: from.id, toLocationId: locationId }),
      );
  }

  /** "Move to…" another store, picked. */
  moveTo(to: LocationRefView): Promise<void> {
    const { serial } = this.#target;
    const from = this.installedAt;
    if (!from) return Promise.resolve();
    return this.#act(
      'Moved',
      () => call('moveDevice', { serial, fromLocationId: from.id, toLocationId: to.id }),
      to.id,
    );
  }
}
