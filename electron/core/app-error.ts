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
  LocationRef,
  SavedError,
} from '../shared';

/** What a log line says of it: the code and its parameters ("timeout {"seconds":15}"). */
const logLine = (shape: AppErrorShape): string =>
  shape.params ? `${shape.code} ${JSON.stringify(shape.params)}` : shape.code;

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: ErrorCode;
  readonly params: Record<string, string | number> | undefined;
  readonly status: number | undefined;
  readonly fields: Record<string, FieldIssue> | undefined;
  readonly location: LocationRef | null | undefined;
  readonly retryAfterS: number | undefined;

  constructor(shape: AppErrorShape, options?: { cause?: unknown }) {
    super(logLine(shape), options);
    this.name = 'AppError';
    this.kind = shape.kind;
    this.code = shape.code;
    this.params = shape.params;
    this.status = shape.status;
    this.fields = shape.fields;
    this.location = shape.location;
    this.retryAfterS = shape.retryAfterS;
  }

  /** An error kept with an intent, thrown again. One saved by an earlier version has no code
   * and English words (its fields too): it is thrown as `internal`, the words left behind. */
  static fromSaved({ message: _m, nextStep: _n, code, fields, ...shape }: SavedError): AppError {
    return new AppError(code ? { ...shape, code, fields } : { ...shape, code: 'internal' });
  }

  toShape(): AppErrorShape {
    const shape: AppErrorShape = { kind: this.kind, code: this.code };
    if (this.params !== undefined) shape.params = this.params;
    if (this.status !== undefined) shape.status = this.status;
    if (this.fields !== undefined) shape.fields = this.fields;
    if (this.location !== undefined) shape.location = this.location;
    if (this.retryAfterS !== undefined) shape.retryAfterS = this.retryAfterS;
    return shape;
  }
}
