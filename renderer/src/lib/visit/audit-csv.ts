/**
 * The CSV's per-bucket tables: one per compared accuracy audit in the visit, after the record,
 * each behind a blank row (the receipt check reads the activity rows up to the first blank row
 * and the record by its shape, so these rows are read by neither).
 */
import type { ActivityEntry } from '$shared';
import type { AuditBucket } from '$shared/audit-evidence';
import { bucketTime } from '../words/audit-text';
import { m } from '../words/i18n';

type Cell = string | number | null;

/** The table's heading row (its columns as the screen's table names them). */
export const auditBucketHeader = (): string[] => [
  m.audit_bucket_col_start(),
  m.audit_bucket_col_in_manual(),
  m.audit_bucket_col_in_device(),
  m.audit_bucket_col_out_manual(),
  m.audit_bucket_col_out_device(),
  m.audit_bucket_col_off(),
];

/** One bucket's cells; `out` empty where the device gave no count out. */
export const auditBucketCells = (b: AuditBucket): Cell[] => [
  bucketTime(b.start),
  b.manual.in,
  b.device.in,
  b.manual.out,
  b.device.out,
  b.flagged ? m.audit_bucket_flagged() : m.audit_bucket_ok(),
];

export const auditBucketCsvRows = (entries: readonly ActivityEntry[]): Cell[][] =>
  entries.flatMap((e) => {
    const buckets = e.action === 'audit' ? e.audit?.result?.buckets : undefined;
    if (!buckets || buckets.length === 0) return [];
    return [
      [],
      [m.csv_audit_buckets({ serial: e.serial ?? '' })],
      auditBucketHeader(),
      ...buckets.map(auditBucketCells),
    ];
  });
