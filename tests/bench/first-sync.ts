/**
 * First sync of an organization with 100,000 devices: the real core in process (real keychain,
 * real cache.db) signs in against the sandbox and downloads organizations, locations and every
 * device (pages of 500, 6 in flight, each page stored in one transaction with its checkpoint).
 * Figure: signIn called → the 'sync-progress' push event shows the devices task done.
 * Three runs against one sandbox, each with a fresh data dir: no faults (the same-run
 * baseline), 100 ms added per request, and 100 ms + 30 % of page requests dropped.
 *
 * The sandbox runs in a process of its own, as a real server does: in the core's process its
 * page building (it walks the organization's devices for every page) shared the core's one
 * thread and was counted as the app's time. Requests are counted on the core's side.
 */
import type { SyncState } from '../../electron/contract';
import type { Faults } from '../../electron/sandbox';
import { startCoreHarness } from '../helpers/core-harness';
import { atMost, type Baseline, type Figure } from './results';
import { startSandboxProcess } from './sandbox-process';

/** Counts the core's requests to the sandbox and those that got no answer. */
function countingFetch() {
  const counts = { requests: 0, dropped: 0 };
  const original = globalThis.fetch;
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    counts.requests += 1;
    try {
      return await original(...args);
    } catch (error) {
      counts.dropped += 1;
      throw error;
    }
  };
  return { counts, restore: () => (globalThis.fetch = original) };
}

const DEVICES = 100_000;

interface SyncRun {
  ms: number;
  /** Devices in cache.db afterwards (queryDevices total of the "all" view). */
  stored: number;
  failedTasks: number;
  requests: number;
  dropped: number;
}

export async function benchFirstSync(): Promise<Figure[]> {
  const sbx = await startSandboxProcess(DEVICES);
  const origin = new URL(sbx.info.base_url).origin;
  const setFaults = async (faults: Partial<Faults> | null) => {
    const answer = await fetch(`${origin}/_sandbox/faults`, {
      method: faults ? 'PUT' : 'DELETE',
      headers: { 'content-type': 'application/json' },
      ...(faults ? { body: JSON.stringify(faults) } : {}),
    });
    if (!answer.ok) throw new Error(`sandbox faults: ${answer.status} ${await answer.text()}`);
  };
  try {
    const user = sbx.info.users.find((u) => u.organizations.length === 1);
    if (!user) throw new Error('sandbox has no single-organization user');

    const run = async (faults: Partial<Faults>, budgetMs: number): Promise<SyncRun> => {
      await setFaults(null);
      await setFaults(faults);
      const counting = countingFetch();
      const harness = await startCoreHarness();
      let failedTasks = 0;
      let resolveDone: (at: number) => void = () => undefined;
      const done = new Promise<number>((resolve) => (resolveDone = resolve));
      const off = harness.core.onEvent((event) => {
        if (event.type !== 'sync-progress') return;
        const task = (event.state as SyncState).tasks.find((t) => t.resource === 'devices');
        if (task?.state === 'failed') failedTasks += 1;
        if (task?.state === 'done') resolveDone(performance.now());
      });
      try {
        const t0 = performance.now();
        const signedIn = await harness.core.invoke('signIn', {
          baseUrl: sbx.info.base_url,
          apiKey: user.api_key,
        });
        if (!signedIn.ok) throw new Error(`signIn: ${signedIn.error.message}`);
        let timer: NodeJS.Timeout | undefined;
        const doneAt = await Promise.race([
          done,
          new Promise<number>((resolve) => {
            timer = setTimeout(() => resolve(Number.NaN), budgetMs);
          }),
        ]);
        clearTimeout(timer);
        counting.restore();
        await setFaults(null);
        const window = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 1 });
        if (Number.isNaN(doneAt))
          throw new Error(
            `the devices task was not done within ${budgetMs / 1000} s (${window.total} of ${DEVICES} stored, ${failedTasks} failed attempts)`,
          );
        return {
          ms: doneAt - t0,
          stored: window.total,
          failedTasks,
          requests: counting.counts.requests,
          dropped: counting.counts.dropped,
        };
      } finally {
        off();
        counting.restore();
        await setFaults(null);
        await harness.core.invoke('signOut', {});
        await harness.close();
      }
    };

    const describe = (r: SyncRun) =>
      `${r.stored} devices stored; ${r.requests} requests to the sandbox (a separate process), ${r.dropped} without an answer; ` +
      `${r.failedTasks} failed attempts of the devices task before it was done`;
    const plain = await run({}, 120_000);
    const baseline: Baseline = {
      name: 'same sync, no added latency',
      value: plain.ms / 1000,
      unit: 's',
    };
    const figures: Figure[] = [];
    const latency = await run({ latencyMs: 100 }, 120_000);
    figures.push(
      atMost(
        'first-sync-100k-latency',
        'first sync of 100,000 devices, 100 ms added per request',
        latency.ms / 1000,
        's',
        10,
        {
          baseline,
          note: `signIn → devices task done (sync-progress event); 100 ms added to every request; ${describe(latency)}; baseline run: ${describe(plain)}`,
        },
      ),
    );
    const drops = await run(
      { latencyMs: 100, dropRate: 0.3, methods: ['GET'], pathPattern: '^/v1/(devices|locations)$' },
      180_000,
    );
    figures.push(
      atMost(
        'first-sync-100k-drops',
        'first sync of 100,000 devices, 100 ms + 30 % of page requests dropped',
        drops.ms / 1000,
        's',
        30,
        {
          baseline,
          note:
            `signIn → devices task done; the sandbox's fault settings hold one path pattern, so the 100 ms and the ` +
            `30 % connection drops apply to the list page requests (GET /devices, /locations), not to the few sign-in ` +
            `and organization requests; ${describe(drops)}`,
        },
      ),
    );
    return figures;
  } finally {
    await sbx.stop();
  }
}
