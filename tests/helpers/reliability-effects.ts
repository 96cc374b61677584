/**
 * What the server actually did to each device, request by request.
 *
 * Definition used by the reliability suite: an EFFECTIVE CHANGE is a /v1 request after which
 * the device's location on the server differs from what it was before that request. The
 * sandbox handles a request synchronously and logs it right after, so reading the device's
 * location at log time attributes every change to exactly one request — including a request
 * whose answer was then dropped on purpose (status 0 in the log), which a client-side count
 * would miss. A replay that re-sends an action already applied shows up as a second change;
 * a lost action shows up as a missing one.
 */
import type { RequestLogEntry, RunningSandbox } from '../../electron/sandbox/index';

export interface Effect {
  serial: string;
  op: 'install' | 'uninstall';
  from: string | null;
  to: string | null;
  /** What the client was told: 0 = the connection was dropped. */
  status: number;
}

const ACTION_PATH = /^\/v1\/devices\/([^/?]+)\/(install|uninstall)(?:\?|$)/;

export class EffectTracker {
  private readonly where = new Map<string, string | null>();
  private readonly changes = new Map<string, Effect[]>();
  /** 2xx device POSTs that changed nothing (e.g. "install where it already is"). */
  noOps = 0;
  devicePosts = 0;

  /** Every device's location before the first request (from the sandbox's control route). */
  async baseline(sandbox: RunningSandbox): Promise<void> {
    const response = await fetch(`${sandbox.origin}/_sandbox/state`);
    const body = (await response.json()) as { devices: Record<string, string | null> };
    for (const [serial, locationId] of Object.entries(body.devices))
      this.where.set(serial, locationId);
  }

  observe(sandbox: RunningSandbox, entry: RequestLogEntry): void {
    if (entry.method !== 'POST') return;
    const match = ACTION_PATH.exec(entry.path);
    if (!match?.[1] || !match[2]) return;
    const serial = decodeURIComponent(match[1]).toUpperCase();
    if (!this.where.has(serial)) return; // an unknown serial changes nothing
    this.devicePosts++;
    const from = this.where.get(serial) ?? null;
    const to = sandbox.deviceLocation(serial)?.id ?? null;
    if (from === to) {
      if (entry.status >= 200 && entry.status < 300) this.noOps++;
      return;
    }
    this.where.set(serial, to);
    const list = this.changes.get(serial) ?? [];
    list.push({
      serial,
      op: match[2] === 'install' ? 'install' : 'uninstall',
      from,
      to,
      status: entry.status,
    });
    this.changes.set(serial, list);
  }

  /** After a restart from the data file, every device must be where it was. */
  checkPersisted(sandbox: RunningSandbox): void {
    for (const [serial, locationId] of this.where) {
      const now = sandbox.deviceLocation(serial)?.id ?? null;
      if (now !== locationId) {
        throw new Error(
          `after the restart ${serial} is at ${now ?? 'nowhere'}, before it was at ${locationId ?? 'nowhere'}`,
        );
      }
    }
  }

  of(serial: string): Effect[] {
    return this.changes.get(serial) ?? [];
  }

  /** The device's history of locations on the server: its start, then one entry per change. */
  history(serial: string, start: string | null): (string | null)[] {
    return [start, ...this.of(serial).map((e) => e.to)];
  }

  location(serial: string): string | null {
    return this.where.get(serial) ?? null;
  }

  total(): number {
    let n = 0;
    for (const list of this.changes.values()) n += list.length;
    return n;
  }
}
