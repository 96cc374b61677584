/**
 * Property: whatever the devices' starting places and wherever the connection drops or the
 * server stumbles (before a request; after the server applied it, with the answer lost or a
 * 502; a 429), replaying until the queue is empty applies each queued intent exactly once and
 * in the order it was taken per device — or ends in a conflict that changed nothing. Real
 * SQLite outbox (in memory), in-memory server (no sandbox), so hundreds of cases run in a
 * second or two.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutboxKind } from '../../../electron/shared';
import type { NewIntent } from '../../../electron/core/store/intent-rows';
import { replayIntents } from '../../../electron/core/sync/replay';
import { InMemoryDevices, type Call, type Op } from './in-memory-devices';
import { intent, openWorkDb, type Placement } from './work-db';

const LOCATIONS = { A: 'Aisle', B: 'Back', C: 'Cafe' };
const place = fc.constantFrom<string | null>(null, 'A', 'B', 'C');
const fault = fc.record({
  op: fc.constantFrom<Op>('getDevice', 'install', 'uninstall'),
  fault: fc.constantFrom(
    'offline',
    'lost_answer',
    'server_error',
    'applied_then_502',
    'rate_limited',
  ) as fc.Arbitrary<
    'offline' | 'lost_answer' | 'server_error' | 'applied_then_502' | 'rate_limited'
  >,
  serial: fc.constantFrom<string | undefined>(undefined, 'S', 'T'),
});

const expectedEnd = (kind: OutboxKind, target: string | null): string | null =>
  kind === 'uninstall' ? null : target;

/** Replays until nothing is queued; each run that stops used up at least one fault. */
async function drain(
  work: ReturnType<typeof openWorkDb>,
  server: InMemoryDevices,
  faults: number,
): Promise<void> {
  for (let i = 0; i <= faults && work.intents.list().some((x) => x.state === 'queued'); i++) {
    await replayIntents(work.intents, server);
  }
}

/**
 * One device's actions as a technician takes them: each starts from where the previous one
 * left the device, so none of them conflicts. Returns the intents and the mutations the server
 * must see applied, in order.
 */
const chain = (
  serial: string,
  start: string | null,
  choices: { kind: 'a' | 'b'; to: 'A' | 'B' | 'C' }[],
): { intents: NewIntent[]; applied: Call[]; end: string | null } => {
  const intents: NewIntent[] = [];
  const applied: Call[] = [];
  let at = start;
  for (const choice of choices) {
    if (at === null) {
      intents.push(intent('install', serial, choice.to));
      applied.push({ op: 'install', serial, locationId: choice.to });
      at = choice.to;
    } else if (choice.kind === 'a' || choice.to === at) {
      intents.push(intent('uninstall', serial, at));
      applied.push({ op: 'uninstall', serial, locationId: at });
      at = null;
    } else {
      intents.push(intent('move', serial, choice.to, at));
      applied.push({ op: 'uninstall', serial, locationId: at });
      applied.push({ op: 'install', serial, locationId: choice.to });
      at = choice.to;
    }
  }
  return { intents, applied, end: at };
};

const steps = fc.array(
  fc.record({
    kind: fc.constantFrom<'a' | 'b'>('a', 'b'),
    to: fc.constantFrom<'A' | 'B' | 'C'>('A', 'B', 'C'),
  }),
  { minLength: 1, maxLength: 4 },
);

describe('replay is idempotent under dropped connections and server trouble (in-memory server, no sandbox)', () => {
  it('ends done exactly once, or in a conflict that changed nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Placement>('install', 'uninstall', 'move'),
        place,
        fc.constantFrom('A', 'B'),
        fc.array(fault, { maxLength: 6 }),
        async (kind, start, target, faults) => {
          const server = new InMemoryDevices(LOCATIONS, { S: start });
          for (const f of faults) server.failNext(f.op, f.fault);
          const work = openWorkDb();
          try {
            const from = kind === 'move' ? (target === 'A' ? 'B' : 'A') : null;
            work.intents.add(intent(kind, 'S', target, from));

            await drain(work, server, faults.length);

            expect(server.redundantMutations).toBe(0);
            const left = work.intents.list();
            if (left.length === 0) {
              expect(server.where.get('S')).toBe(expectedEnd(kind, target));
            } else {
              expect(left).toMatchObject([{ state: 'conflict', conflictLocation: { id: start } }]);
              expect(server.where.get('S')).toBe(start);
            }
          } finally {
            work.db.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('applies every intent of every device exactly once, in the order it was taken', async () => {
    await fc.assert(
      fc.asyncProperty(
        place,
        place,
        steps,
        steps,
        // Which device acts next, as the technician interleaves them.
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fault, { maxLength: 8 }),
        async (startS, startT, choicesS, choicesT, interleave, faults) => {
          const s = chain('S', startS, choicesS);
          const t = chain('T', startT, choicesT);
          const server = new InMemoryDevices(LOCATIONS, { S: startS, T: startT });
          for (const f of faults) server.failNext(f.op, f.fault, f.serial);
          const work = openWorkDb();
          try {
            const queueS = [...s.intents];
            const queueT = [...t.intents];
            for (const pickS of interleave) {
              const next = (pickS ? queueS : queueT).shift() ?? (pickS ? queueT : queueS).shift();
              if (next) work.intents.add(next);
            }
            for (const rest of [...queueS, ...queueT]) work.intents.add(rest);

            await drain(work, server, faults.length);

            expect(work.intents.list()).toEqual([]);
            expect(server.redundantMutations).toBe(0);
            for (const [serial, expected] of [
              ['S', s],
              ['T', t],
            ] as const) {
              expect(server.applied.filter((c) => c.serial === serial)).toEqual(expected.applied);
              expect(server.where.get(serial)).toBe(expected.end);
            }
          } finally {
            work.db.close();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
