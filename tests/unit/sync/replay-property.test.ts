/**
 * Property: whatever the device's starting place and wherever the connection drops (before a
 * request, or after the server applied it), replaying until the queue is empty ends with the
 * action done exactly once or with a conflict that changed nothing. In-memory server (no
 * sandbox) so hundreds of cases run in a second or two.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutboxKind } from '../../../electron/contract';
import { openOutbox } from '../../../electron/core/store/outbox-store';
import { replayOutbox } from '../../../electron/core/sync/replay';
import { recordingLogger, tempDir } from '../store/test-helpers';
import { InMemoryDevices, type Op } from './in-memory-devices';

const place = fc.constantFrom<string | null>(null, 'A', 'B', 'C');
const fault = fc.record({
  op: fc.constantFrom<Op>('getDevice', 'install', 'uninstall'),
  fault: fc.constantFrom<'offline' | 'lost_answer'>('offline', 'lost_answer'),
});

const expectedEnd = (kind: OutboxKind, target: string | null): string | null =>
  kind === 'uninstall' ? null : target;

describe('replay is idempotent under dropped connections (in-memory server, no sandbox)', () => {
  it('ends done exactly once, or in a conflict that changed nothing', async () => {
    const { dir, cleanup } = await tempDir();
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<OutboxKind>('install', 'uninstall', 'move'),
          place,
          fc.constantFrom('A', 'B'),
          fc.array(fault, { maxLength: 6 }),
          async (kind, start, target, faults) => {
            const server = new InMemoryDevices({ A: 'Aisle', B: 'Back', C: 'Cafe' }, { S: start });
            for (const f of faults) server.failNext(f.op, f.fault);
            const outbox = await openOutbox(join(dir, `outbox-${run++}.json`), recordingLogger());
            const from = kind === 'move' ? (target === 'A' ? 'B' : 'A') : null;
            await outbox.enqueue({
              kind,
              serial: 'S',
              locationId: target,
              locationName: null,
              fromLocationId: from,
            });

            for (
              let i = 0;
              i <= faults.length && outbox.list().some((x) => x.state === 'queued');
              i++
            ) {
              await replayOutbox(outbox, server);
            }

            expect(server.redundantMutations).toBe(0);
            const left = outbox.list();
            if (left.length === 0) {
              expect(server.where.get('S')).toBe(expectedEnd(kind, target));
            } else {
              expect(left).toMatchObject([{ state: 'conflict', conflictLocation: { id: start } }]);
              expect(server.where.get('S')).toBe(start);
            }
          },
        ),
        { numRuns: 80 },
      );
    } finally {
      await cleanup();
    }
  });
});
