/**
 * The names an activity entry's action and result take: the record's (contract/visits.ts
 * ActivityEntry) and the ones completion rules compare (completion-rules.ts), so a misspelt
 * name fails to compile on either side. Its own module, so both import it without a cycle.
 */
import type { AuditResult } from './audit';
import type { OutboxKind } from './outbox';
import type { VerificationResult } from '../verification-result';

/** 'storage': the app's own note about the saved data (a damaged queue set aside). */
export type ActivityAction =
  OutboxKind | 'verify' | 'storage' | 'checklist' | 'finish_visit' | 'audit' | 'silent_check';

/** A verification's is one of VerificationResult (electron/shared/verification-result.ts). */
export type ActivityResult =
  'done' | 'queued' | 'failed' | 'conflict' | 'incomplete' | VerificationResult | AuditResult;
