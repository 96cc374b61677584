/**
 * The screens of the app as the core sees them, for the traffic bench (steady-traffic.ts): each
 * screen makes the reads its Svelte screen makes — when shown, again on every `data-updated`
 * push event (lib/refresh-on-update), and, for a store's devices and a device, every minute
 * while shown (lib/keep-fresh) — through the real core. Electron cannot start here and a
 * browser cannot follow a compressed clock, so this is the model; the reads are listed per
 * screen below, from renderer/src/screens.
 *
 *   Locations  listLocations; locationsFootTraffic (the stores' last 7 days, by hour)
 *   Store      getLocation; listLocationDevices; getLocation + locationsFootTraffic (its week);
 *              every minute: listLocationDevices
 *   Scan       getLocation; a scan: getDevice, then the Device screen
 *   Device     getDevice; getLocation (the store); every minute: getDevice
 *
 * Staleness (working-set-staleness-p95): how old the store's devices or the device on screen
 * are, by the time of the last answer the screen shows — when shown (once the screen's first
 * answers are in, the refresh a show starts included) and every 15 s while shown.
 */
import type { Core } from '../../electron/core/core';
import type { OperationName, OperationResult } from '../../electron/contract';
import { KEEP_FRESH_MS } from '../../renderer/src/lib/keep-fresh-pace';
import type { CompressedClock } from '../helpers/compressed-clock';

const DAY = 86_400_000;
const SAMPLE_EVERY_MS = 15_000;

interface Screen {
  name: string;
  /** Its reads, as when shown and on every data-updated event. */
  read(): Promise<void>;
  /** The keep-fresh tick's reads (a store's devices, a device). */
  tick?(): Promise<void>;
  /** How old what it shows is now (ms), from its last answer; none outside the working set. */
  age?(): number;
}

export class ScreenModel {
  #current: Screen | null = null;
  #busy = new Set<Promise<unknown>>();
  #tick: unknown = null;
  #sample: unknown = null;
  readonly ages: number[] = [];
  readonly agesWhenShown: number[] = [];
  readonly #unsubscribe: () => void;

  constructor(
    private readonly core: Core,
    private readonly clock: CompressedClock,
    /** false: the screens do not read again every minute (the staleness baseline). */
    private readonly keepFresh: boolean,
  ) {
    this.#unsubscribe = core.onEvent((event) => {
      if (event.type === 'data-updated' && this.#current) this.#track(this.#current.read());
    });
  }

  /** The screens are closed: no more reads, ticks or samples. */
  dispose(): void {
    this.#unsubscribe();
    this.clock.clearTimeout(this.#tick);
    this.clock.clearTimeout(this.#sample);
    this.#current = null;
  }

  /** Resolves when the reads the screens started are answered. */
  async idle(): Promise<void> {
    while (this.#busy.size > 0) await Promise.allSettled([...this.#busy]);
  }

  async call<K extends OperationName>(name: K, input: unknown): Promise<OperationResult<K>> {
    const answer = await this.core.invoke(name, input);
    if (!answer.ok) throw new Error(`${name}: ${answer.error.kind}: ${answer.error.message}`);
    return answer.value;
  }

  #track(work: Promise<unknown>): void {
    const p = work.catch(() => undefined);
    this.#busy.add(p);
    void p.finally(() => this.#busy.delete(p));
  }

  /**
   * Shows a screen: its reads now, and — from the moment it is mounted, as the renderer's
   * effects — its keep-fresh tick and the staleness samples while it is shown.
   */
  async show(screen: Screen, settle: () => Promise<void>): Promise<void> {
    this.clock.clearTimeout(this.#tick);
    this.clock.clearTimeout(this.#sample);
    this.#current = screen;
    this.#track(screen.read());
    if (screen.tick && this.keepFresh) {
      const tick = () => {
        if (this.#current !== screen) return;
        this.#track(screen.tick!());
        this.#tick = this.clock.setTimeout(tick, KEEP_FRESH_MS);
      };
      this.#tick = this.clock.setTimeout(tick, KEEP_FRESH_MS);
    }
    if (screen.age) {
      const sample = () => {
        if (this.#current !== screen) return;
        this.ages.push(screen.age!());
        this.#sample = this.clock.setTimeout(sample, SAMPLE_EVERY_MS);
      };
      this.#sample = this.clock.setTimeout(sample, SAMPLE_EVERY_MS);
    }
    await settle();
    if (screen.age) {
      const age = screen.age();
      this.ages.push(age);
      this.agesWhenShown.push(age);
    }
  }

  // ------------------------------------------------------------------ the screens

  /** The stores' last seven whole days, as the Locations list's sparklines ask them (UTC). */
  #week(): { from: string; to: string; granularity: 'hour' } {
    const to = Math.floor(Date.now() / DAY) * DAY;
    return {
      from: new Date(to - 7 * DAY).toISOString(),
      to: new Date(to).toISOString(),
      granularity: 'hour',
    };
  }

  locations(): Screen {
    return {
      name: 'Locations',
      read: async () => {
        await this.call('listLocations', {});
        await this.call('locationsFootTraffic', this.#week());
      },
    };
  }

  store(locationId: string): Screen {
    let shown: string | null = null;
    const devices = async () => {
      shown = (await this.call('listLocationDevices', { locationId })).fetchedAt;
    };
    return {
      name: 'Store',
      read: async () => {
        await Promise.all([this.call('getLocation', { locationId }), devices()]);
        await this.call('getLocation', { locationId });
        await this.call('locationsFootTraffic', this.#week());
      },
      tick: devices,
      age: () => ageOf(shown),
    };
  }

  scan(locationId: string): Screen {
    return {
      name: 'Scan',
      read: async () => void (await this.call('getLocation', { locationId })),
    };
  }

  device(serial: string, locationId: string): Screen {
    let shown: string | null = null;
    const device = async () => {
      shown = (await this.call('getDevice', { serial })).fetchedAt;
    };
    return {
      name: 'Device',
      read: async () => {
        await Promise.all([device(), this.call('getLocation', { locationId })]);
      },
      tick: device,
      age: () => ageOf(shown),
    };
  }
}

const ageOf = (fetchedAt: string | null): number =>
  fetchedAt === null ? Number.POSITIVE_INFINITY : Math.max(0, Date.now() - Date.parse(fetchedAt));

export interface HourPlan {
  stores: string[];
  /** Per store: devices installed there to scan (verify) and uninstalled ones to install. */
  atStore: string[][];
  toInstall: string[][];
}

/**
 * A technician's typical hour: three stores, twenty minutes each; at each, the store's screen,
 * then seven (or six) scans from the store's Scan screen, each device looked at for a minute
 * and a half, every other one installed there — twenty scans, ten installs in all.
 */
export async function technicianHour(
  screens: ScreenModel,
  clock: CompressedClock,
  settle: () => Promise<void>,
  plan: HourPlan,
): Promise<{ scans: number; installs: number }> {
  let scans = 0;
  let installs = 0;
  const wait = (ms: number) => clock.advance(ms, settle);
  for (const [i, store] of plan.stores.entries()) {
    const started = clock.now();
    await screens.show(screens.store(store), settle);
    await wait(60_000);
    const verify = [...(plan.atStore[i] ?? [])];
    const install = [...(plan.toInstall[i] ?? [])];
    const count = i < 2 ? 7 : 6;
    for (let k = 0; k < count; k++) {
      const installing = k % 2 === 0 ? install.shift() : undefined;
      const serial = installing ?? verify.shift() ?? install.shift();
      if (!serial) break;
      await screens.show(screens.scan(store), settle);
      await wait(10_000);
      await screens.call('getDevice', { serial });
      scans += 1;
      await screens.show(screens.device(serial, store), settle);
      await wait(installing ? 45_000 : 90_000);
      if (installing) {
        await screens.call('installDevice', { serial, locationId: store });
        installs += 1;
        await wait(45_000);
      }
      await screens.show(screens.store(store), settle);
      await wait(40_000);
    }
    await wait(Math.max(0, started + 20 * 60_000 - clock.now()));
  }
  return { scans, installs };
}
