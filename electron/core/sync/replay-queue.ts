/**
 * One replay of the signed-in scope's queue at a time, in this process: callers queue behind
 * the one in progress (which may well have sent their intent already). Adapts the scope's API
 * client to what a replay needs (replay.ts); a run stopped offline says so, and a direct
 * send's other stop is retried by the engine.
 */
import type { AppErrorShape } from '../../shared';
import { traitsOf } from '../../shared/error-traits';
import { describeError, type Logger } from '../../common/logger';
import { isDamage } from '../db/storage-error';
import { WORKING_SET_FRESH_MS } from '../service/read-service';
import { changeSent, recentAnswer } from '../service/recent-answers';
import { readEitherCase } from '../service/serial-spelling';
import type { SignedInScope } from '../service/context';
import { replayIntents, type ReplayApi, type ReplayEvent, type ReplayResult } from './replay';

interface ReplayHooks {
  /** An event of a run for `scope`, while it is still the signed-in one. */
  event(scope: SignedInScope, event: ReplayEvent): void;
  /** Recording an event locally met SQLite damage: the cache is checked. */
  damaged(): void;
  /** A run stopped for lack of connection. */
  offline(): void;
  /** A direct send of one action stopped otherwise (5xx, 429): its retry is the engine's. */
  retryLater(stoppedBy: AppErrorShape): void;
}

export interface ReplayQueueOptions {
  current(): SignedInScope | null;
  log: Logger;
  hooks: ReplayHooks;
  /** How long a step the server accepted may take to show (replay.ts's default otherwise). */
  acceptedPatienceMs?: number | undefined;
  /** The server calls of a run (the scope's API client by default). */
  api?: (scope: SignedInScope) => ReplayApi;
}

export interface ReplayQueue {
  /** Replays now, after the run in progress: the queue, or one lane. Null: nothing to send to. */
  replay(lane?: string, signal?: AbortSignal): Promise<ReplayResult | null>;
  /** Settles when the run in progress (and those queued behind it) ended. */
  idle(): Promise<unknown>;
}

export function createReplayQueue(options: ReplayQueueOptions): ReplayQueue {
  const apiOf = options.api ?? replayApiOf;
  let replaying: Promise<unknown> = Promise.resolve();
  return {
    replay(lane, signal) {
      const run = replaying.then(async () => {
        const scope = options.current();
        if (!scope?.record.organizationId) return null;
        // Nothing is being sent between runs: a row still 'syncing' is one an earlier run
        // could not settle (a full disk refused to record it). Replay reads its state first.
        scope.store.work.intents.requeueInterrupted();
        const result = await replayIntents(scope.store.work.intents, apiOf(scope), {
          ...(lane === undefined ? {} : { lane }),
          ...(signal === undefined ? {} : { signal }),
          ...(options.acceptedPatienceMs === undefined
            ? {}
            : { acceptedPatienceMs: options.acceptedPatienceMs }),
          onEvent: (event) => {
            if (options.current() === scope) options.hooks.event(scope, event);
          },
          onEventError: (error) => {
            options.log.warn('a sent action could not be recorded locally', {
              error: describeError(error),
            });
            if (isDamage(error)) options.hooks.damaged();
          },
        });
        const { stoppedBy } = result;
        if (stoppedBy && traitsOf(stoppedBy.kind).connectivity) options.hooks.offline();
        // A run's own replay is scheduled by the run; a direct send's stop needs its own retry.
        else if (stoppedBy && lane !== undefined) options.hooks.retryLater(stoppedBy);
        return result;
      });
      replaying = run.catch(() => undefined);
      return run;
    },
    idle: () => replaying,
  };
}

/** The scope's API client as a replay calls it. */
function replayApiOf(scope: SignedInScope): ReplayApi {
  const { api } = scope;
  /** A change on its way: answers asked before it no longer plan a send (recent-answers.ts). */
  const sending = <T>(serial: string, send: () => Promise<T>): Promise<T> => {
    changeSent(scope, serial);
    return send();
  };
  return {
    // A queued serial may be as typed (the device was not cached): its other case on a 404.
    getDevice: (serial) => readEitherCase(serial, (s) => api.getDevice(s)),
    recentDevice: (serial) => recentAnswer(scope, serial, WORKING_SET_FRESH_MS),
    install: (serial, locationId) => sending(serial, () => api.installDevice(serial, locationId)),
    uninstall: (serial, locationId) =>
      sending(serial, () => api.uninstallDevice(serial, locationId)),
    updateDevice: (serial, changes) => sending(serial, () => api.updateDevice(serial, changes)),
    createLocation: (input) => api.createLocation(input),
    findLocation: (input) => api.findLocation(input),
    deleteLocation: (id) => api.deleteLocation(id),
    getLocation: (id) => api.getLocation(id),
  };
}
