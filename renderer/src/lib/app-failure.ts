import type { AppErrorShape } from '../../../electron/contract';

/** What `call` throws when an operation answers {ok:false}: screens read `.shape`. */
export class AppFailure extends Error {
  readonly shape: AppErrorShape;

  constructor(shape: AppErrorShape) {
    super(shape.message);
    this.name = 'AppFailure';
    this.shape = shape;
  }
}

/** Anything caught in a screen becomes a shape it can show in place. */
export const toErrorShape = (error: unknown): AppErrorShape => {
  if (error instanceof AppFailure) return error.shape;
  return {
    kind: 'server',
    message: 'Something unexpected went wrong in the app.',
    nextStep: 'Try again. If it keeps happening, restart the app.',
  };
};

/** Connectivity failures: the action may have been queued or the cache is the best we have. */
export const isOfflineShape = (shape: AppErrorShape): boolean =>
  shape.kind === 'offline' || shape.kind === 'dns' || shape.kind === 'timeout';
