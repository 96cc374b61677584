/**
 * The one error type the core throws and the renderer receives (as AppErrorShape).
 * Messages are written for a technician: what happened, then what to do next.
 * Never put a secret, a stack or a raw server body into one.
 */
import type { AppErrorShape, ErrorCode, ErrorKind, FieldIssue, LocationRef } from '../contract';

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: ErrorCode | undefined;
  readonly params: Record<string, string | number> | undefined;
  readonly nextStep: string;
  readonly status: number | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly fieldIssues: Record<string, FieldIssue> | undefined;
  readonly location: LocationRef | null | undefined;
  readonly retryAfterS: number | undefined;

  constructor(shape: AppErrorShape, options?: { cause?: unknown }) {
    super(shape.message, options);
    this.name = 'AppError';
    this.kind = shape.kind;
    this.code = shape.code;
    this.params = shape.params;
    this.nextStep = shape.nextStep;
    this.status = shape.status;
    this.fields = shape.fields;
    this.fieldIssues = shape.fieldIssues;
    this.location = shape.location;
    this.retryAfterS = shape.retryAfterS;
  }

  toShape(): AppErrorShape {
    const shape: AppErrorShape = {
      kind: this.kind,
      message: this.message,
      nextStep: this.nextStep,
    };
    if (this.code !== undefined) shape.code = this.code;
    if (this.params !== undefined) shape.params = this.params;
    if (this.status !== undefined) shape.status = this.status;
    if (this.fields !== undefined) shape.fields = this.fields;
    if (this.fieldIssues !== undefined) shape.fieldIssues = this.fieldIssues;
    if (this.location !== undefined) shape.location = this.location;
    if (this.retryAfterS !== undefined) shape.retryAfterS = this.retryAfterS;
    return shape;
  }
}
