/**
 * The one error type the core throws and the renderer receives (as AppErrorShape): a kind, a
 * code and its parameters. The words are the catalog's (renderer/src/lib/words/error-text.ts): what
 * happened, then what to do next. Never put a secret, a stack or a raw server body into one.
 */
import type {
  AppErrorShape,
  ErrorCode,
  ErrorKind,
  FieldIssue,
  LocationRefView,
  SavedError,
  SavedParams,
} from '../shared';

/** What a log line says of it: the code and its parameters ("timeout {"seconds":15}"). */
const logLine = (shape: AppErrorShape): string =>
  shape.params ? `${shape.code} ${JSON.stringify(shape.params)}` : shape.code;

export class AppError extends Error {
  /** As built: the code with its own parameters (contract/error-params.ts). */
  readonly #said: AppErrorShape;
  readonly kind: ErrorKind;
  readonly code: ErrorCode;
  /** For the log and for what is kept (a saved error's parameters are read as possibly missing). */
  readonly params: SavedParams | undefined;
  readonly status: number | undefined;
  readonly fields: Record<string, FieldIssue> | undefined;
  readonly location: LocationRefView | null | undefined;
  readonly retryAfterS: number | undefined;

  constructor(shape: AppErrorShape, options?: { cause?: unknown }) {
    super(logLine(shape), options);
    this.name = 'AppError';
    this.#said = shape;
    this.kind = shape.kind;
    this.code = shape.code;
    this.params = shape.params;
    this.status = shape.status;
    this.fields = shape.fields;
    this.location = shape.location;
    this.retryAfterS = shape.retryAfterS;
  }

  /** An error kept with an intent, thrown again. One saved by an earlier version has no code
   * and English words (its fields too): it is thrown as `internal`, the words left behind.
   * Its parameters are what this core wrote for that code (an earlier version's may lack one:
   * the renderer reads each as possibly missing), so they are taken as the code's own. */
  static fromSaved({ message: _m, nextStep: _n, code, fields, params, ...shape }: SavedError) {
    return new AppError(
      code ? ({ ...shape, code, fields, params } as AppErrorShape) : { ...shape, code: 'internal' },
    );
  }

  /** The shape as built, without the parts left unset (it crosses IPC and is kept as JSON). */
  toShape(): AppErrorShape {
    return Object.fromEntries(
      Object.entries(this.#said).filter(([, value]) => value !== undefined),
    ) as AppErrorShape;
  }
}
