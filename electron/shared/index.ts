/**
 * The one contract between the renderer and the core, by domain (contract/): every
 * operation's input schema and result type declared together, the errors, the push events.
 * The renderer imports it type-only (the schemas are zod); this index re-exports every domain
 * so an import names only `electron/shared`.
 */
export * from './contract/fields';
export * from './contract/operation';
export * from './contract/operations';
export * from './contract/errors';
export * from './contract/session';
export * from './contract/app';
export * from './contract/connection';
export * from './contract/managed';
export * from './contract/locations';
export * from './contract/devices';
export * from './contract/pick-list';
export * from './contract/outbox';
export * from './contract/visits';
export * from './contract/verification';
export * from './contract/record';
export * from './contract/quality';
export * from './contract/audit';
export * from './contract/silent-check';
export * from './contract/events';

export * from './contract/views';
export type { VerificationResult } from './verification-result';
export type { CompletionRules, OpenRule } from './completion-rules';
export type { CheckDef, RecordedCheck, ChecklistFileProblem } from './mounting-checks';
export type { GuideFileProblem } from './silent-causes';
export type { Direction, Tally } from './accuracy-audit';
export { MAX_PHOTO_BYTES } from './photo-limits';
