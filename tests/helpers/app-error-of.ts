import { AppError } from '../../electron/core/app-error';

/** The AppError a promise rejects with; anything else (or a success) fails the test. */
export const appErrorOf = async (promise: Promise<unknown>): Promise<AppError> => {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw error;
  return error;
};
