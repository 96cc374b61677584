/**
 * Replacing a broken device with a new one, as state: the two fields, each checked in order
 * (the broken device installed at this store, the new one a different, known device installed
 * nowhere), the scans this screen takes while shown, the question before replacing and what
 * the core answered. Created while ReplaceScreen initialises (its effects are the screen's);
 * the screen keeps the view: the form, the facts and the dialog's words.
 */
import type { AppErrorShape, DeviceView } from '$shared';
import { serialKey } from '$shared/serial-key';
import { normaliseSerial } from '../lib/scan/normalise-serial';
import { claimScans } from '../lib/scan/scan-anywhere';
import { ScreenWork } from '../lib/state/screen-work.svelte';
import { storeName } from '../lib/state/store-names.svelte';
import { toErrorShape } from '../lib/transport/app-failure';
import { call } from '../lib/transport/transport';
import { errorWords } from '../lib/words/error-text';
import { locationName } from '../lib/words/format';
import { m } from '../lib/words/i18n';
import { stillSending } from '../lib/words/install-outcome';

/** The screen's props, read as they are now (a getter each), and where a done replacement goes. */
interface ReplaceTarget {
  readonly locationId: string;
  readonly onReplaced: (serial: string, installedAt: string) => void;
}

/** Message functions, said when shown (they follow a language change). */
type Words = () => string;

const BROKEN_FIELD = 'broken-serial';
const NEW_FIELD = 'new-serial';

const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`);
/** The next scan or keystroke replaces what is there: it goes where the mistake is. */
const reselect = (id: string) => {
  field(id)?.focus();
  field(id)?.select();
};

/** Whether a field still names a device looked up: as people read labels, whatever the case
 * and separators (the device itself carries the server's spelling, which is what is sent). */
const names = (typed: string, found: DeviceView | null): boolean =>
  found !== null && serialKey(typed) === serialKey(found.serial);
const isDevice = (found: DeviceView | AppErrorShape): found is DeviceView => 'serial' in found;

/** When an install the core answered without its time happened: now. */
const nowStamp = (): string => new Date().toISOString();

export class ReplaceFlow {
  broken = $state('');
  replacement = $state('');
  brokenError = $state<Words | undefined>();
  newError = $state<Words | undefined>();
  error = $state<AppErrorShape | null>(null);
  busy = $state(false);
  queued = $state<{ old: string; serial: string; sending: boolean } | null>(null);
  hereName = $state<string | null>(null);
  installed = $state.raw<DeviceView[]>([]);
  lookingUp = $state<string | null>(null);
  confirming = $state(false);
  /** The devices as looked up, each shown only while its field still holds its serial. */
  #brokenFound = $state.raw<DeviceView | null>(null);
  #newFound = $state.raw<DeviceView | null>(null);
  readonly brokenDevice = $derived(
    names(this.broken, this.#brokenFound) ? this.#brokenFound : null,
  );
  readonly newDevice = $derived(names(this.replacement, this.#newFound) ? this.#newFound : null);

  readonly #target: ReplaceTarget;
  readonly #work = new ScreenWork();
  #checking = false;
  #again = false;

  constructor(target: ReplaceTarget) {
    this.#target = target;
    $effect(() => {
      const id = target.locationId;
      const { signal } = this.#work;
      call('getLocation', { locationId: id }, signal)
        .then(
          (l) =>
            (this.hereName = [locationName(l.value), l.value.address?.city]
              .filter(Boolean)
              .join(', ')),
        )
        .catch(() => undefined);
      call('listLocationDevices', { locationId: id }, signal)
        .then((d) => (this.installed = d.value))
        .catch(() => undefined);
    });
    // The app's one scanner listener (lib/scan/scan-anywhere.ts) would open the scanned device
    // on another screen: this one takes the scans while it is shown. Each scan is checked at
    // once, and the replacement is asked for, never sent by a scan.
    $effect(() =>
      claimScans({
        onScan: (raw) => this.#scanned(raw),
        active: () => true,
      }),
    );
  }

  #scanned(raw: string): void {
    if (this.busy) return;
    const serial = normaliseSerial(raw) ?? raw.trim();
    const focused = document.activeElement;
    const intoBroken =
      focused === field(BROKEN_FIELD) ||
      (focused !== field(NEW_FIELD) && this.brokenDevice === null);
    if (intoBroken) this.broken = serial;
    else this.replacement = serial;
    void this.proceed();
  }

  /** The device a serial names, or why it cannot be had, in words. */
  async #lookUp(serial: string): Promise<DeviceView | AppErrorShape> {
    this.lookingUp = serial;
    try {
      return (await call('getDevice', { serial }, this.#work.signal)).value;
    } catch (e) {
      return toErrorShape(e);
    } finally {
      if (this.lookingUp === serial) this.lookingUp = null;
    }
  }

  /** The broken device, checked: installed at this store. */
  async #checkBroken(): Promise<DeviceView | null> {
    const serial = normaliseSerial(this.broken);
    if (!serial) {
      this.brokenError =
        this.broken.trim() === '' ? m.replace_broken_missing : m.replace_not_serial;
      reselect(BROKEN_FIELD);
      return null;
    }
    this.broken = serial;
    if (this.brokenDevice) return this.brokenDevice;
    const found = await this.#lookUp(serial);
    if (this.#work.left || serialKey(this.broken) !== serialKey(serial)) return null;
    if (!isDevice(found)) {
      this.brokenError = () => errorWords(found).message;
    } else if (found.location?.id !== this.#target.locationId) {
      const at = found.location;
      this.brokenError = at
        ? () => m.replace_installed_elsewhere({ serial, location: storeName(at) })
        : () => m.replace_in_inventory({ serial });
    } else {
      this.broken = found.serial;
      this.#brokenFound = found;
      return found;
    }
    reselect(BROKEN_FIELD);
    return null;
  }

  /** The new device, checked: another device, known, and not installed anywhere. */
  async #checkNew(old: DeviceView): Promise<DeviceView | null> {
    const serial = normaliseSerial(this.replacement);
    if (!serial) {
      if (this.replacement.trim() !== '') this.newError = m.replace_not_serial;
      reselect(NEW_FIELD);
      return null;
    }
    this.replacement = serial;
    if (this.newDevice) return this.newDevice;
    if (serialKey(serial) === serialKey(old.serial)) {
      this.newError = m.replace_same_serial;
      reselect(NEW_FIELD);
      return null;
    }
    const found = await this.#lookUp(serial);
    if (this.#work.left || serialKey(this.replacement) !== serialKey(serial)) return null;
    if (!isDevice(found)) {
      this.newError = () => errorWords(found).message;
    } else if (found.location) {
      const at = found.location;
      this.newError = () => m.replace_new_installed({ serial, location: storeName(at) });
    } else {
      this.replacement = found.serial;
      this.#newFound = found;
      return found;
    }
    reselect(NEW_FIELD);
    return null;
  }

  /** Checks what the fields hold, in order, and asks before replacing once both are right. */
  async proceed(): Promise<void> {
    if (this.#checking) {
      this.#again = true;
      return;
    }
    this.#checking = true;
    this.error = null;
    this.queued = null;
    this.brokenError = this.newError = undefined;
    try {
      const old = await this.#checkBroken();
      if (!old) return;
      if (this.replacement.trim() === '') {
        field(NEW_FIELD)?.focus();
        return;
      }
      if (await this.#checkNew(old)) this.confirming = true;
    } finally {
      this.#checking = false;
      if (this.#again) {
        this.#again = false;
        void this.proceed();
      }
    }
  }

  async replaceNow(old: DeviceView, fresh: DeviceView): Promise<void> {
    const serial = old.serial;
    const newSerial = fresh.serial;
    const { locationId } = this.#target;
    this.busy = true;
    try {
      const result = await call('replaceDevice', { serial, newSerial, locationId });
      if (this.#work.left) return;
      this.confirming = false;
      if (result.status === 'done') {
        const at = result.device.installedAt ?? nowStamp();
        this.#target.onReplaced(result.device.serial, at);
        return;
      }
      this.queued = { old: serial, serial: newSerial, sending: stillSending(result) };
    } catch (e) {
      this.confirming = false;
      const shape = toErrorShape(e);
      this.error = shape;
      if (shape.fields?.newSerial) this.newError = () => errorWords(shape).message;
      else if (shape.fields?.serial) this.brokenError = () => errorWords(shape).message;
    } finally {
      this.busy = false;
    }
  }
}
