/**
 * Looking a device up by its serial, as state: the field and what is wrong with it, the
 * lookup (cancelled by Escape, "Cancel" or leaving the screen) and where it leads, the
 * keyboard-layout trap and the serials it may have meant, "Did you mean …" from the local
 * inventory, the scans and keys this screen takes while shown, and "Keep scanning" at a
 * store (InstallRow: each scan installed at once, listed with its outcome). Created while
 * ScanScreen initialises (its effects are the screen's); the screen keeps the view.
 */
import type { AppErrorShape } from '$shared';
import { isSerial } from '$shared/id-patterns';
import type { ScanLogEntry } from '../components/scan/scan-log-entry';
import { keyPlace } from '../lib/scan/key-place';
import {
  layoutSwapCandidates,
  scannerLayoutText,
  scannerLayoutWarning,
} from '../lib/scan/keyboard-layout';
import { normaliseSerial } from '../lib/scan/normalise-serial';
import { claimScans } from '../lib/scan/scan-anywhere';
import { scanSound } from '../lib/scan/scan-sounds';
import { getAppContext } from '../lib/state/context';
import { handOverDevice } from '../lib/state/read-handoff';
import { cancelOnEscape, ScreenWork } from '../lib/state/screen-work.svelte';
import { storeName } from '../lib/state/store-names.svelte';
import { toErrorShape } from '../lib/transport/app-failure';
import { call } from '../lib/transport/transport';
import { errorWords } from '../lib/words/error-text';
import { storeLabel } from '../lib/words/format';
import { m } from '../lib/words/i18n';
import { describeOutcome } from '../lib/words/install-outcome';

/** The screen's props, read as they are now (a getter each). */
interface ScanTarget {
  readonly locationId: string | null;
}

/** The entries "Keep scanning" lists, newest first. */
const ROW_LOG_LIMIT = 50;

/** "Did you mean …" is offered for these: a serial that does not exist (a misread label). */
const UNKNOWN_SERIAL = new Set(['device_not_found', 'offline_unknown_device']);

const serialField = () => document.querySelector<HTMLInputElement>('#serial-number');

/** "Keep scanning" at a store: each serial is installed there at once and listed with what
 * the core answered (done, queued, or why not). */
class InstallRow {
  log = $state.raw<ScanLogEntry[]>([]);
  readonly #preferences = getAppContext().preferences;

  async install(serial: string, at: string): Promise<void> {
    const entry: ScanLogEntry = {
      id: `${Date.now()}-${serial}`,
      serial,
      text: m.scan_installing(),
      tone: 'info',
    };
    this.log = [entry, ...this.log].slice(0, ROW_LOG_LIMIT);
    const settle = (text: string, tone: ScanLogEntry['tone']) =>
      (this.log = this.log.map((e) => (e.id === entry.id ? { ...e, text, tone } : e)));
    const sounds = this.#preferences.sounds;
    try {
      const result = await call('installDevice', { serial, locationId: at });
      settle(describeOutcome(result, 'Installed'), result.status === 'done' ? 'ok' : 'warn');
      scanSound(sounds, 'installed');
    } catch (e) {
      scanSound(sounds, 'problem');
      const shape = toErrorShape(e);
      // Named with its city: the store it is at may share this one's name.
      settle(
        shape.location
          ? m.scan_already_installed_at({ location: storeName(shape.location) })
          : errorWords(shape).message,
        'bad',
      );
    }
  }
}

export class ScanScreenState {
  readonly #target: ScanTarget;
  readonly #context = getAppContext();
  // A lookup is cancelled by Escape or "Cancel", and by leaving the screen: a slow answer
  // must not take the technician to a device after they went elsewhere.
  readonly #work = new ScreenWork();
  readonly row = new InstallRow();
  serialInput = $state('');
  fieldError = $state<string | undefined>();
  error = $state<AppErrorShape | null>(null);
  // The keyboard-layout trap (lib/scan/keyboard-layout.ts): a scan refused or not found that
  // looks like a US-set scanner on a German or French computer says so, with the serials it
  // may have meant to look up instead.
  layoutNote = $state<string | null>(null);
  meant = $state.raw<string[]>([]);
  // "Did you mean …": serials of the local inventory close to one that does not exist (a
  // misread or mistyped label), offline too; each is looked up when clicked.
  near = $state.raw<string[]>([]);
  keepScanning = $state(false);
  camera = $state(false);
  feedback = $state('');
  locationName = $state<string | null>(null);
  cancelled = $state(false);

  constructor(target: ScanTarget) {
    this.#target = target;
    $effect(() =>
      cancelOnEscape(() => {
        if (!this.#work.cancel()) return false;
        this.cancelled = true;
        return true;
      }),
    );
    $effect(() => {
      const { locationId } = target;
      if (!locationId) return;
      call('getLocation', { locationId }, this.#work.signal)
        .then((l) => (this.locationName = storeLabel(l.value)))
        .catch(() => undefined);
    });
    // The app's one scanner listener (lib/scan/scan-anywhere.ts) hands this screen its scans
    // while it is shown, in the serial field or with focus on no text field.
    $effect(() =>
      claimScans({
        onScan: (raw) => void this.lookup(raw, true),
        // Also while the camera is open: a technician may pick up the handheld scanner when
        // the camera struggles with a label. Ignored, the read was lost and its Enter pressed
        // the focused "Use camera" button, closing the camera.
        active: () => true,
      }),
    );
    $effect(() => {
      const onKeydown = (e: KeyboardEvent) => this.#keydown(e);
      window.addEventListener('keydown', onKeydown, { capture: true });
      return () => window.removeEventListener('keydown', onKeydown, { capture: true });
    });
  }

  get busy(): boolean {
    return this.#work.busy;
  }

  /** "Cancel" pressed while a lookup runs. */
  cancel(): void {
    this.cancelled = this.#work.cancel();
  }

  #keydown(e: KeyboardEvent): void {
    // Taken by the scanner listener (registered first), or not this screen's to handle.
    if (e.defaultPrevented || this.camera || document.querySelector('dialog[open]')) return;
    // Typing (or a scan too slow to be recognised, e.g. on a busy machine) while focus is on
    // a button: send it to the field so Enter looks it up instead of pressing the button.
    // Not Space, which presses the focused button or ticks "Keep scanning", nor keys typed
    // into a select (its own type-ahead).
    if (
      e.key.length === 1 &&
      e.key !== ' ' &&
      !e.ctrlKey &&
      !e.altKey &&
      !e.metaKey &&
      keyPlace(e.target) === 'other' &&
      !(e.target instanceof HTMLSelectElement)
    ) {
      e.preventDefault();
      this.serialInput += e.key;
      serialField()?.focus();
    }
  }

  async #offerNear(serial: string): Promise<void> {
    try {
      this.near = await call('nearSerials', { serial }, this.#work.signal);
    } catch {
      this.near = []; // only a suggestion: the error above already says what happened
    }
  }

  /** `scanned`: it came from the handheld scanner, whose layout may differ from the computer's. */
  async lookup(raw: string, scanned = false): Promise<void> {
    const { router, preferences } = this.#context;
    this.error = null;
    this.fieldError = undefined;
    this.layoutNote = null;
    this.meant = [];
    this.near = [];
    this.cancelled = false;
    // Before the serial check, which refuses a QWERTZ "ß" without saying why. Typed text is
    // warned about only for that: "!" or "&" typed by a person is not a layout sign.
    const layout = scannerLayoutWarning(raw);
    if (layout && (scanned || layout.layout === 'qwertz')) {
      scanSound(preferences.sounds, 'problem');
      // As the computer read it: the "ß" or swapped letters there are what the warning means.
      this.serialInput = raw.trim();
      this.fieldError = scannerLayoutText(layout);
      this.meant = layout.repaired ? [layout.repaired] : [];
      return;
    }
    const serial = normaliseSerial(raw);
    if (!serial) {
      scanSound(preferences.sounds, 'problem');
      this.fieldError = raw.trim() === '' ? m.scan_enter_serial() : m.scan_not_a_serial();
      return;
    }
    this.serialInput = serial;
    this.feedback = m.scan_read({ serial });
    const { locationId } = this.#target;
    if (this.keepScanning && locationId) {
      this.serialInput = '';
      await this.row.install(serial, locationId);
      return;
    }
    try {
      const asked = this.#context.session.dataVersion;
      const found = await this.#work.run((signal) => call('getDevice', { serial }, signal));
      if (found.done) {
        // As the server spells it: the core found that spelling for the one typed.
        const spelled = found.value.value.serial;
        const shown = isSerial(spelled) ? spelled : serial;
        // The device's screen shows this answer at once instead of asking again.
        handOverDevice(shown, asked, found.value);
        router.go({ name: 'device', serial: shown, locationId });
      }
    } catch (e) {
      scanSound(preferences.sounds, 'problem');
      const shape = toErrorShape(e);
      this.error = shape;
      // A scanned serial that is not found may be the letter swap alone (Y/Z, A/Q, Z/W).
      if (scanned && shape.code === 'device_not_found') {
        this.meant = layoutSwapCandidates(serial);
        if (this.meant.length > 0) this.layoutNote = m.scan_layout_warning();
      }
      if (this.meant.length === 0 && UNKNOWN_SERIAL.has(shape.code ?? ''))
        await this.#offerNear(serial);
    }
  }
}
