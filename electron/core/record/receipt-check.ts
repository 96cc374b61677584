/**
 * "Check a receipt": what a receipt says (its final hash, and from its CSV every entry's hash)
 * against a visit's record on this computer, read whole (service/visit-read.ts). Pure, so where
 * they part is unit-tested.
 */
import type { ReceiptCheck, RecordEntryInfo, RecordProof } from '../../shared';

export interface ReceiptSays {
  /** The final hash as printed, or a prefix of it (lower-case hex). */
  hash: string;
  entries?: readonly { n: number; hash: string }[] | undefined;
}

type Found = Pick<ReceiptCheck, 'verdict' | 'entry' | 'entryKind' | 'reason'>;

const at = (
  stored: readonly RecordEntryInfo[],
  n: number | null,
  verdict: Found['verdict'],
  reason: Found['reason'] = null,
): Found => ({
  verdict,
  entry: n,
  entryKind: n === null ? null : (stored[n - 1]?.kind ?? null),
  reason,
});

/**
 * One visit's record against a receipt. A record that no longer checks out is `altered` at its
 * first broken entry whatever the receipt says (changed outside the app, or not made with this
 * installation's secret), and so is one whose photo's picture is not the one recorded.
 */
export function compareWithReceipt(
  stored: readonly RecordEntryInfo[],
  proof: Pick<RecordProof, 'broken' | 'photo'>,
  receipt: ReceiptSays,
): Found {
  if (proof.broken) return at(stored, proof.broken.n, 'altered', proof.broken.reason);
  if (proof.photo?.n) return at(stored, proof.photo.n, 'altered', 'picture');
  if (receipt.entries) {
    const listed = receipt.entries;
    for (const [index, entry] of listed.entries()) {
      const mine = stored[index];
      if (!mine || entry.n !== index + 1 || mine.hash !== entry.hash) {
        return at(stored, index + 1, 'differs');
      }
    }
    const last = listed.at(-1)?.hash ?? null;
    // The receipt's own final hash must be its last entry's: a receipt edited by hand is not
    // taken for one that matches.
    if (last === null || !last.startsWith(receipt.hash))
      return at(stored, listed.length, 'differs');
    if (stored.length > listed.length) return at(stored, listed.length + 1, 'added_since');
    return at(stored, null, 'match');
  }
  const index = stored.findIndex((e) => e.hash.startsWith(receipt.hash));
  if (index < 0) return at(stored, null, 'differs');
  return index === stored.length - 1
    ? at(stored, null, 'match')
    : at(stored, index + 2, 'added_since');
}
