/**
 * An action the technician takes online is committed first (that is the acknowledgement) and
 * then sent at once. They wait for that send only so long: on a slow or failing connection
 * the answer comes back "queued" within a few seconds, while the send goes on by itself and
 * ends like any replayed intent (done, still queued, a conflict or a refusal in the queue).
 * The technician is never kept waiting on the network for an action already safe on disk.
 */
import type { ServiceContext } from './context';

/** How long an action waits for its own send before it answers "queued". */
const ACTION_WAIT_MS = 4_000;

/**
 * Sends `lane` now. True when that send ended within the wait (its outcome is in the queue's
 * rows); false when it goes on in the background, and `late` runs once it has ended.
 */
export async function sendWithinWait(
  ctx: ServiceContext,
  lane: string,
  late: () => void,
): Promise<boolean> {
  const send = ctx.replay(lane);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ctx.options.actionWaitMs ?? ACTION_WAIT_MS);
  });
  try {
    if (await Promise.race([send.then(() => true), waited])) return true;
  } finally {
    clearTimeout(timer);
  }
  send.then(late, (error: unknown) =>
    ctx.options.log.warn('an action sent in the background could not be recorded', {
      error: error instanceof Error ? error.name : 'unknown',
    }),
  );
  return false;
}
