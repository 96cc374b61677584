/**
 * Figure 4: what the app's layers add to one API call. The operation is deviceFootTraffic
 * (24 hourly buckets of one device): foot traffic is never cached, so every call reaches the
 * sandbox, unlike getDevice/getOrganization which answer from the offline cache once read.
 * Each round makes the same request four ways, in rotating order:
 *   direct — GET /foot-traffic/devices/{serial} to the sandbox with Basic auth, JSON parsed;
 *   core   — core.invoke('deviceFootTraffic') in process (validation, the key from the
 *            keychain — held a few seconds after a read, credentials/key-hold.ts — client,
 *            response schema, logging);
 *   bridge — over the browser-mode bridge's operation socket (/api/socket, one open WebSocket,
 *            `{id, op, input}` answered by id), the way the page sends operations;
 *   post   — POST /api/op/deviceFootTraffic to the same bridge, the page's fallback when the
 *            socket cannot open (reported in the bridge figure's note).
 * The figure is the per-round difference (layer − direct), so both sides share the moment's load.
 */
import { randomUUID } from 'node:crypto';
import { createKeychainCredentials } from '../../electron/core/credentials/keychain';
import { startSandbox } from '../../electron/sandbox';
import WebSocket from 'ws';
import {
  BRIDGE_SOCKET_PATH,
  BRIDGE_SOCKET_PROTOCOL,
  bridgeOperationPath,
  bridgeSecretProtocol,
} from '../../electron/shared/bridge-protocol';
import { startBridgeHarness } from '../helpers/bridge-harness';
import { atMost, type Figure } from './results';
import { bounded, median, p95 } from './stats';

const CALLS = 1_000;
const WARM_UP = 50;
const BUDGET_MS = 120_000;
const HOUR = 3_600_000;

type Way = 'direct' | 'core' | 'bridge' | 'post' | 'keychain';

/** The page's operation socket, from Node (20 has no WebSocket of its own): `ws` with the
 * Origin, session cookie and secret a browser tab of the bridge would send. */
async function openOperationSocket(origin: string, session: { cookie: string; secret: string }) {
  const socket = new WebSocket(
    origin.replace(/^http/, 'ws') + BRIDGE_SOCKET_PATH,
    [BRIDGE_SOCKET_PROTOCOL, bridgeSecretProtocol(session.secret)],
    { headers: { Origin: origin, Cookie: session.cookie } },
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waiting = new Map<number, (answer: unknown) => void>();
  socket.on('message', (data: Buffer) => {
    const reply = JSON.parse(data.toString('utf8')) as { id: number; answer: unknown };
    waiting.get(reply.id)?.(reply.answer);
    waiting.delete(reply.id);
  });
  let next = 1;
  return {
    call: (op: string, input: unknown): Promise<unknown> =>
      new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ id, op, input }));
      }),
    close: () => socket.close(),
  };
}

export async function benchProxy(): Promise<Figure[]> {
  const sbx = await startSandbox({ devices: 300 });
  const app = await startBridgeHarness();
  const cleanups: (() => Promise<void>)[] = [];
  try {
    // Sam Becker has one organization, so signing in also chooses it.
    const user = sbx.users.find((u) => u.organizations.length === 1);
    const orgId = user?.organizations[0]?.id;
    if (!user || !orgId) throw new Error('sandbox has no single-organization user');
    const status = await app.harness.call('signIn', { baseUrl: sbx.baseUrl, apiKey: user.api_key });
    if (status.organization?.id !== orgId)
      throw new Error('signing in did not choose the organization');

    const authorization = `Basic ${Buffer.from(`${orgId}:${user.api_key}`).toString('base64')}`;
    const first = await fetch(`${sbx.baseUrl}/devices?per_page=1`, { headers: { authorization } });
    const serial = ((await first.json()) as { data: { serial_number: string }[] }).data[0]
      ?.serial_number;
    if (!serial) throw new Error('sandbox has no devices');
    const to = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const input = {
      serial,
      from: new Date(to.getTime() - 24 * HOUR).toISOString(),
      to: to.toISOString(),
      granularity: 'hour' as const,
    };
    const directUrl = `${sbx.baseUrl}/foot-traffic/devices/${encodeURIComponent(serial)}?${new URLSearchParams({ from: input.from, to: input.to, granularity: input.granularity })}`;
    const bridgeUrl = `${app.bridge.origin}${bridgeOperationPath('deviceFootTraffic')}`;
    const socket = await openOperationSocket(app.bridge.origin, app);
    cleanups.push(async () => socket.close());

    // Not a way to make the call: one keychain read is timed in the same rounds to show what
    // the core saves by holding a key it read for a few seconds instead of reading per call.
    const keychain = createKeychainCredentials(`field-installer-bench-${randomUUID()}`);
    await keychain.set('bench', 'not-a-real-key');
    cleanups.push(() => keychain.delete('bench').then(() => undefined));

    const ways: Record<Way, () => Promise<number>> = {
      direct: async () => {
        const res = await fetch(directUrl, {
          headers: { authorization, accept: 'application/json' },
        });
        const body = (await res.json()) as { data?: unknown[] };
        return body.data?.length ?? -1;
      },
      core: async () => {
        const envelope = await app.harness.core.invoke('deviceFootTraffic', input);
        return envelope.ok ? envelope.value.series.length : -1;
      },
      bridge: async () => {
        const envelope = (await socket.call('deviceFootTraffic', input)) as {
          ok: boolean;
          value?: { series: unknown[] };
        };
        return envelope.ok ? (envelope.value?.series.length ?? -1) : -1;
      },
      post: async () => {
        const res = await fetch(bridgeUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...app.session },
          body: JSON.stringify(input),
        });
        const envelope = (await res.json()) as { ok: boolean; value?: { series: unknown[] } };
        return envelope.ok ? (envelope.value?.series.length ?? -1) : -1;
      },
      keychain: async () => ((await keychain.get('bench')) === null ? -1 : 24),
    };
    const order: Way[] = ['direct', 'core', 'bridge', 'post', 'keychain'];
    const times: Record<Way, number[]> = {
      direct: [],
      core: [],
      bridge: [],
      post: [],
      keychain: [],
    };
    const added: Record<'core' | 'bridge' | 'post', number[]> = { core: [], bridge: [], post: [] };

    const rounds = await bounded(WARM_UP + CALLS, BUDGET_MS, async (round) => {
      const took: Partial<Record<Way, number>> = {};
      for (let k = 0; k < order.length; k++) {
        const way = order[(round + k) % order.length] ?? 'direct';
        const t0 = performance.now();
        const buckets = await ways[way]();
        took[way] = performance.now() - t0;
        if (buckets !== 24) throw new Error(`${way} returned ${buckets} buckets instead of 24`);
      }
      if (round < WARM_UP) return;
      for (const way of order) times[way].push(took[way] ?? Number.NaN);
      added.core.push((took.core ?? Number.NaN) - (took.direct ?? Number.NaN));
      added.bridge.push((took.bridge ?? Number.NaN) - (took.direct ?? Number.NaN));
      added.post.push((took.post ?? Number.NaN) - (took.direct ?? Number.NaN));
    });
    const calls = Math.max(0, rounds - WARM_UP);
    const baseline = { name: 'direct HTTP p50', value: median(times.direct), unit: 'ms' };
    const describe = (way: 'core' | 'bridge') =>
      `${calls} interleaved calls of deviceFootTraffic (not cached: hits the sandbox every time); ` +
      `${way} p50 ${median(times[way]).toFixed(2)} ms vs direct p50 ${median(times.direct).toFixed(2)} ms; ` +
      `added p95 ${p95(added[way]).toFixed(2)} ms (no target for p95; reported only); ` +
      `one keychain read (the core does one per burst of calls, not per call) p50 ${median(times.keychain).toFixed(2)} ms`;
    return [
      atMost(
        'proxy-core-median',
        'proxy overhead, core.invoke vs direct, median added',
        median(added.core),
        'ms',
        1,
        {
          baseline,
          note: describe('core'),
        },
      ),
      atMost(
        'proxy-bridge-median',
        'proxy overhead, bridge (operation socket) vs direct, median added',
        median(added.bridge),
        'ms',
        1,
        {
          baseline,
          note:
            `${describe('bridge')}; the POST fallback (POST /api/op, used when the socket ` +
            `cannot open): p50 ${median(times.post).toFixed(2)} ms, added median ` +
            `${median(added.post).toFixed(2)} ms, added p95 ${p95(added.post).toFixed(2)} ms`,
        },
      ),
    ];
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    await app.close();
    await sbx.close();
  }
}
