/** One entry of a visit's chained record as stored (record/visit-record.ts appends them). */
import type { RecordEntryKind } from '../../shared';

export interface RecordEntry {
  id: string;
  visitId: string;
  n: number;
  at: string;
  kind: RecordEntryKind;
  subject: string | null;
  body: unknown;
  prevHash: string;
  hash: string;
  /** HMAC with the installation's secret; false: plain SHA-256, from before keys. */
  keyed: boolean;
}
