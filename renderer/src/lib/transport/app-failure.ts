import type { AppErrorShape } from '$shared';
import { traitsOf } from '$shared/error-traits';

/** What `call` throws when an operation answers {ok:false}: screens read `.shape`. */
export class AppFailure extends Error {
  readonly shape: AppErrorShape;

  constructor(shape: AppErrorShape) {
    super(shape.code);
    this.name = 'AppFailure';
    this.shape = shape;
  }
}

/** Anything caught in a screen becomes a shape it can show in place. */
export const toErrorShape = (error: unknown): AppErrorShape => {
  if (error instanceof AppFailure) return error.shape;
  return { kind: 'internal', code: 'unexpected' };
};

/** The request never got an answer (offline, DNS, timeout): what is saved is the best there
 * is. Read from the one table of error traits, so a new kind (e.g. 'storage', a full disk)
 * is never mistaken for "offline". */
export const isConnectivityFailure = (shape: AppErrorShape): boolean =>
  // `?.`: answers cross IPC as unvalidated text; a kind this build does not know is not offline.
  traitsOf(shape.kind)?.connectivity === true;
