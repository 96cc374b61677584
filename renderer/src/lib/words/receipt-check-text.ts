/** "Check a receipt"'s answer in words (pure, so each verdict's sentence is unit-tested). */
import type { ReceiptCheck } from '../../../../electron/shared';
import { absoluteTime, formatNumber } from './format';
import { m } from './i18n';
import { recordKindWords } from '../visit/record-csv';

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
      return m.check_altered({ time, entry, kind });
    case 'unknown':
      return m.check_unknown();
  }
};
