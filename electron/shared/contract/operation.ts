/** How an operation is declared: its input schema and its result type, side by side. */
import type { z } from 'zod';

/** An operation: the schema its input is checked with, and (as a type only) what it answers. */
export interface Operation<Input extends z.ZodType, Result> {
  readonly input: Input;
  /** Never set: it carries the result type to OperationResult. */
  readonly result?: Result;
}

/** `op(schema).returns<Result>()`: one operation, its input and its result together. */
export const op = <Input extends z.ZodType>(input: Input) => ({
  returns: <Result>(): Operation<Input, Result> => ({ input }),
});

/** A read that may come from the offline cache. */
export interface Cached<T> {
  value: T;
  /** When the value was fetched from the server (ISO), null if never. */
  fetchedAt: string | null;
  source: 'network' | 'cache';
  /** True when a background refresh was started; a `data-updated` event follows. */
  refreshing: boolean;
}
