/**
 * Figure 7: the sandbox's list endpoints at 100,000 devices per organization, one page of 100
 * per request, interleaved with GET /_sandbox/health (a round trip doing no list work) so the
 * baseline sees the same machine load as the figure. Also the start-up time with 3 × 100,000
 * seeded devices (measured here since it left tests/integration/sandbox/scale.test.ts).
 */
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { atMost, type Figure } from './results';
import { bounded, median, p95 } from './stats';

const DEVICES_PER_ORG = 100_000;
const ROUNDS = 200;
const WARM_UP_ROUNDS = 10;
const BUDGET_MS = 30_000;

interface Endpoint {
  id: string;
  name: string;
  path: (round: number) => string;
  samples: number[];
}

const basic = (org: string, key: string) =>
  `Basic ${Buffer.from(`${org}:${key}`).toString('base64')}`;

async function timedGet(
  url: string,
  authorization: string | null,
): Promise<{ ms: number; body: unknown }> {
  const t0 = performance.now();
  const res = await fetch(url, authorization ? { headers: { authorization } } : {});
  const text = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`GET ${url} → ${res.status}`);
  return { ms, body: JSON.parse(text) as unknown };
}

const pageLength = (body: unknown): number =>
  Array.isArray((body as { data?: unknown }).data) ? (body as { data: unknown[] }).data.length : -1;

const totalPages = async (url: string, auth: string): Promise<number> => {
  const { body } = await timedGet(`${url}${url.includes('?') ? '&' : '?'}per_page=100`, auth);
  return (body as { meta?: { total_pages?: number } }).meta?.total_pages ?? 1;
};

export async function benchSandboxLists(): Promise<Figure[]> {
  const t0 = performance.now();
  const sbx: RunningSandbox = await startSandbox({ devices: DEVICES_PER_ORG });
  const startMs = performance.now() - t0;
  try {
    const user = sbx.users[0];
    const orgId = user?.organizations[0]?.id;
    if (!user || !orgId) throw new Error('sandbox has no user with an organization');
    const auth = basic(orgId, user.api_key);
    const { body: locations } = await timedGet(`${sbx.baseUrl}/locations?per_page=500`, auth);
    const busiest = (
      (locations as { data: { id: string; device_count?: number }[] }).data ?? []
    ).sort((a, b) => (b.device_count ?? 0) - (a.device_count ?? 0))[0];
    if (!busiest) throw new Error('no locations');

    // Page numbers spread over the whole list so no single region of it is favoured.
    const spread = (pages: number) => (round: number) =>
      1 + ((round * 7919) % Math.max(1, pages - 1));
    const devicePage = spread(await totalPages(`${sbx.baseUrl}/devices`, auth));
    const inventoryPage = spread(await totalPages(`${sbx.baseUrl}/uninstalled-devices`, auth));
    const locationPage = spread(
      await totalPages(`${sbx.baseUrl}/locations/${busiest.id}/devices`, auth),
    );
    const endpoints: Endpoint[] = [
      {
        id: 'sandbox-devices-p50',
        name: '/devices',
        path: (r) => `/devices?page=${devicePage(r)}&per_page=100`,
        samples: [],
      },
      {
        id: 'sandbox-uninstalled-p50',
        name: '/uninstalled-devices',
        path: (r) => `/uninstalled-devices?page=${inventoryPage(r)}&per_page=100`,
        samples: [],
      },
      {
        id: 'sandbox-location-devices-p50',
        name: '/locations/{id}/devices',
        path: (r) => `/locations/${busiest.id}/devices?page=${locationPage(r)}&per_page=100`,
        samples: [],
      },
    ];
    const health: number[] = [];
    const shortPages: string[] = [];

    const rounds = await bounded(WARM_UP_ROUNDS + ROUNDS, BUDGET_MS, async (round) => {
      const keep = round >= WARM_UP_ROUNDS;
      // Rotate the order each round so no endpoint always follows the same one.
      const order = [-1, 0, 1, 2].map((_, i, all) => all[(i + round) % all.length] ?? -1);
      for (const which of order) {
        const endpoint = endpoints[which];
        if (!endpoint) {
          const { ms } = await timedGet(`${sbx.origin}/_sandbox/health`, null);
          if (keep) health.push(ms);
          continue;
        }
        const path = endpoint.path(round);
        const { ms, body } = await timedGet(`${sbx.baseUrl}${path}`, auth);
        if (pageLength(body) !== 100) shortPages.push(path);
        if (keep) endpoint.samples.push(ms);
      }
    });
    if (shortPages.length > 0)
      throw new Error(`pages without 100 devices: ${shortPages.slice(0, 3).join(', ')}`);
    const baseline = { name: 'GET /_sandbox/health p50', value: median(health), unit: 'ms' };
    return [
      atMost('sandbox-start', 'sandbox start, 3 × 100,000 devices', startMs, 'ms', 5_000),
      ...endpoints.map((e) =>
        atMost(e.id, `sandbox ${e.name} page of 100, p50`, median(e.samples), 'ms', 5, {
          baseline,
          note: `p95 ${p95(e.samples).toFixed(2)} ms over ${e.samples.length} pages (${rounds - WARM_UP_ROUNDS} interleaved rounds)`,
        }),
      ),
    ];
  } finally {
    await sbx.close();
  }
}
