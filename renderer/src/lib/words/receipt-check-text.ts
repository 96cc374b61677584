/** "Check a receipt"'s answer in words (pure, so each verdict's sentence is unit-tested). */
import type { RecordBreak, RecordProof, ReceiptCheck } from '$shared';
import type { CsvRowsFound } from '../visit/csv-check';
import { absoluteTime, formatNumber } from './format';
import { m } from './i18n';
import { recordKindWords } from '../visit/record-csv';

type Reason = RecordBreak['reason'] | 'picture' | null;

const alteredText = (reason: Reason, p: { time: string; entry: string; kind: string }) => {
  switch (reason) {
    case 'hash':
      return m.check_altered_hash(p);
    case 'unsealed':
      return m.check_altered_unsealed(p);
    case 'picture':
      return m.check_altered_picture(p);
    default:
      return m.check_altered(p);
  }
};

export const receiptCheckText = (check: ReceiptCheck): string => {
  const time = check.visitStartedAt ? absoluteTime(check.visitStartedAt) : '';
  const count = formatNumber(check.entries);
  const entry = formatNumber(check.entry ?? 0);
  const kind = check.entryKind ? recordKindWords(check.entryKind) : m.record_kind_missing();
  switch (check.verdict) {
    case 'match':
      return m.check_match({ time, count });
    case 'added_since':
      return m.check_added_since({ time, entry, kind, count });
    case 'differs':
      return m.check_differs({ time, entry, kind });
    case 'altered':
      return alteredText(check.reason, { time, entry, kind });
    case 'unknown':
      return m.check_unknown();
  }
};

/** What the comparison of a CSV's rows with the record found. */
export const csvRowsText = (found: CsvRowsFound): string => {
  switch (found.kind) {
    case 'same':
      return m.check_rows_same({ shown: formatNumber(found.rows) });
    case 'differs':
      return m.check_row_differs({
        row: formatNumber(found.difference.row),
        column: found.difference.column,
        found: found.difference.found,
        expected: found.difference.expected,
      });
    case 'unreadable':
      return m.check_rows_unreadable();
  }
};

/**
 * What a visit's proof says, sentence by sentence (empty when the record checks out and what is
 * kept beside it agrees): on the receipt, its PDF and Activity.
 */
export const proofText = (proof: RecordProof): string[] => {
  const said: string[] = [];
  const kindOf = (k: Parameters<typeof recordKindWords>[0] | null) =>
    k ? recordKindWords(k) : m.record_kind_missing();
  if (proof.broken) {
    const p = { entry: formatNumber(proof.broken.n), kind: kindOf(proof.broken.kind) };
    said.push(
      proof.broken.reason === 'unsealed'
        ? m.proof_broken_unsealed(p)
        : proof.broken.reason === 'hash'
          ? m.proof_broken_hash(p)
          : m.proof_broken(p),
    );
  }
  if (proof.cache) {
    said.push(
      proof.cache.n === null
        ? m.proof_cache_extra()
        : m.proof_cache({
            entry: formatNumber(proof.cache.n),
            kind: kindOf(proof.cache.kind),
            field: proof.cache.field,
          }),
    );
  }
  if (proof.photo?.n) said.push(m.proof_photo({ entry: formatNumber(proof.photo.n) }));
  return said;
};
