/**
 * The soak test's technician: does one install / uninstall / move through the core and, like
 * a person, tries again when told to (rate limited: after the wait the app names; a server
 * hiccup or an unreadable answer: at once). Anything else — above all a conflict, which the
 * soak never provokes — is a finding, so it ends the run.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ActionResult, Envelope } from '../../electron/shared';
import type { World } from './reliability-world';

export type Intent =
  | { kind: 'install'; serial: string; to: string }
  | { kind: 'uninstall'; serial: string; from: string }
  | { kind: 'move'; serial: string; from: string; to: string };

export interface Tally {
  actions: number;
  sentDirectly: number;
  queued: number;
  /** Attempts the technician had to repeat after an error answer. */
  retries: number;
  rateLimitedWaitMs: number;
}

const MAX_ATTEMPTS = 25;
const TRY_AGAIN = new Set(['server', 'bad_response', 'rate_limited']);

export async function perform(
  world: World,
  intent: Intent,
  tally: Tally,
): Promise<'done' | 'queued'> {
  tally.actions++;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const result = await send(world, intent);
    if (result.ok) {
      if (result.value.status === 'done') tally.sentDirectly++;
      else tally.queued++;
      return result.value.status;
    }
    const { error } = result;
    if (!TRY_AGAIN.has(error.kind)) {
      throw new Error(
        `${intent.kind} of ${intent.serial} failed for good: ${error.kind}: ${error.code}`,
      );
    }
    tally.retries++;
    if (error.kind === 'rate_limited') {
      const waitMs = (error.retryAfterS ?? 1) * 1000;
      tally.rateLimitedWaitMs += waitMs;
      await sleep(waitMs);
    }
  }
  throw new Error(
    `${intent.kind} of ${intent.serial} still failing after ${MAX_ATTEMPTS} attempts`,
  );
}

function send(world: World, intent: Intent): Promise<Envelope<ActionResult>> {
  switch (intent.kind) {
    case 'install':
      return world.invoke('installDevice', { serial: intent.serial, locationId: intent.to });
    case 'uninstall':
      return world.invoke('uninstallDevice', { serial: intent.serial, locationId: intent.from });
    case 'move':
      return world.invoke('moveDevice', {
        serial: intent.serial,
        fromLocationId: intent.from,
        toLocationId: intent.to,
      });
  }
}

/** The server-side history an intent adds: a move is an uninstall, then an install. */
export const changesOf = (intent: Intent): (string | null)[] =>
  intent.kind === 'install'
    ? [intent.to]
    : intent.kind === 'uninstall'
      ? [null]
      : [null, intent.to];

/** Small seeded PRNG (mulberry32) so a failing soak can be replayed with the same choices. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
