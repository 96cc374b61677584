/**
 * Counts what the core sends and receives (the traffic figures of decision record 32): a fetch for the core
 * that counts requests and bytes by kind and knows how many are in flight. Bodies are counted
 * exactly (the sandbox sends Content-Length on every answer; a 304 has none); the request and
 * status lines and headers as written, plus what undici adds to every request (~120 bytes).
 */

export interface Traffic {
  requests: number;
  bytes: number;
}

/** What a request was for, from its method and path (the vendor API's endpoints). */
function kindOf(method: string, url: string): string {
  if (method !== 'GET') return 'actions';
  const path = new URL(url).pathname.replace(/^\/v1/, '');
  if (path === '/organizations') return 'organizations (idle probe, full refresh)';
  if (path === '/locations') return 'locations list';
  if (/^\/locations\/[^/]+\/devices$/.test(path)) return "a store's devices";
  if (/^\/locations\/[^/]+$/.test(path)) return 'one store';
  if (path === '/devices' || path === '/uninstalled-devices') return 'devices list';
  if (path.startsWith('/foot-traffic/')) return 'foot traffic';
  if (/^\/devices\/[^/]+$/.test(path)) return 'one device';
  return 'other';
}

const UNDICI_HEADERS = 120;

export class TrafficMeter {
  inFlight = 0;
  #byKind = new Map<string, Traffic>();
  /**
   * While set, every request is counted under this kind too (e.g. "(full refresh)"); such
   * overlay kinds are written in parentheses and left out of totals.
   */
  during: `(${string})` | null = null;

  constructor(private readonly real: typeof globalThis.fetch = globalThis.fetch) {}

  readonly fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    let sent = `${method} ${new URL(url).pathname}${new URL(url).search} HTTP/1.1\r\n`.length;
    headers.forEach((value, name) => (sent += name.length + value.length + 4));
    sent += UNDICI_HEADERS + (typeof init?.body === 'string' ? Buffer.byteLength(init.body) : 0);
    const kind = kindOf(method, url);
    const kinds = [kind, ...(this.during ? [this.during, `${this.during} ${kind}`] : [])];
    this.inFlight += 1;
    try {
      const response = await this.real(input, init);
      let received = `HTTP/1.1 ${response.status} \r\n`.length;
      response.headers.forEach((value, name) => (received += name.length + value.length + 4));
      received += Number(response.headers.get('content-length') ?? 0);
      for (const kind of kinds) this.#add(kind, sent + received);
      return response;
    } catch (error) {
      for (const kind of kinds) this.#add(kind, sent);
      throw error;
    } finally {
      this.inFlight -= 1;
    }
  };

  #add(kind: string, bytes: number): void {
    const t = this.#byKind.get(kind) ?? { requests: 0, bytes: 0 };
    t.requests += 1;
    t.bytes += bytes;
    this.#byKind.set(kind, t);
  }

  /** Everything counted so far, by kind (a copy). */
  snapshot(): Map<string, Traffic> {
    return new Map([...this.#byKind].map(([k, t]) => [k, { ...t }]));
  }

  /** What was counted since `mark` (a snapshot), by kind, with the total of the API's kinds. */
  since(mark: Map<string, Traffic>): { total: Traffic; byKind: Map<string, Traffic> } {
    const byKind = new Map<string, Traffic>();
    const total = { requests: 0, bytes: 0 };
    for (const [kind, t] of this.#byKind) {
      const before = mark.get(kind) ?? { requests: 0, bytes: 0 };
      const d = { requests: t.requests - before.requests, bytes: t.bytes - before.bytes };
      if (d.requests === 0) continue;
      byKind.set(kind, d);
      if (kind.startsWith('(')) continue;
      total.requests += d.requests;
      total.bytes += d.bytes;
    }
    return { total, byKind };
  }
}
