/**
 * Whether a visit's stored entries are the chain this installation wrote: numbered in turn,
 * each naming the hash before it, each keyed entry's HMAC made with this installation's secret,
 * and unkeyed entries (from before keys) only within the visit's seal. Incremental — entries
 * are fed a page at a time, so a long visit is checked without holding the thread
 * (record/visit-read.ts) — and pure, so where a chain breaks is unit-tested.
 */
import type { RecordBreak, RecordChaining } from '../../shared';
import { FIRST_PREV, keyedHash, keyedMac, unkeyedHash, type HashedEntry } from './entry-hash';
import type { RecordEntry } from './record-entry';

/** A visit's seal: its unkeyed entries 1..entries, as they stood when keys arrived. */
export interface Seal {
  visitId: string;
  entries: number;
  finalHash: string;
  sealedAt: string;
  mac: string;
}

export const sealMac = (seal: Omit<Seal, 'mac'>, secret: Buffer): string =>
  keyedMac(
    {
      seal: 1,
      visitId: seal.visitId,
      entries: seal.entries,
      finalHash: seal.finalHash,
      sealedAt: seal.sealedAt,
    },
    secret,
  );

const hashed = (entry: Omit<RecordEntry, 'hash' | 'keyed'>): HashedEntry => ({
  visitId: entry.visitId,
  n: entry.n,
  id: entry.id,
  at: entry.at,
  kind: entry.kind,
  subject: entry.subject,
  body: entry.body,
  prev: entry.prevHash,
});

/** The hash an entry should carry, as it says it was made. */
export const hashOf = (entry: Omit<RecordEntry, 'hash'>, secret: Buffer): string =>
  entry.keyed ? keyedHash(hashed(entry), secret) : unkeyedHash(hashed(entry));

export interface ChainCheck {
  /** The next entry, in order; the first break found is kept. */
  add(entry: RecordEntry): void;
  /** Where the chain breaks (null: nowhere) and how it was made. */
  result(): { broken: RecordBreak | null; chaining: RecordChaining };
}

export function chainCheck(secret: Buffer, seal: Seal | null): ChainCheck {
  let prev = FIRST_PREV;
  let index = 0;
  let broken: RecordBreak | null = null;
  let unkeyed = 0;
  const sealGood = seal !== null && sealMac(seal, secret) === seal.mac;
  // Named by its place in the visit (an entry removed before it shifts what is there).
  const breakAt = (entry: RecordEntry, reason: RecordBreak['reason']) => {
    broken ??= { n: index, kind: entry.kind, reason };
  };
  return {
    add(entry) {
      index += 1;
      if (broken === null) {
        if (entry.n !== index) breakAt(entry, 'order');
        else if (entry.prevHash !== prev) breakAt(entry, 'link');
        else if (!entry.keyed && !(sealGood && seal !== null && index <= seal.entries))
          breakAt(entry, 'unsealed');
        else if (hashOf(entry, secret) !== entry.hash) breakAt(entry, 'hash');
        else if (
          sealGood &&
          seal !== null &&
          index === seal.entries &&
          entry.hash !== seal.finalHash
        )
          breakAt(entry, 'seal');
        else if (entry.keyed && seal !== null && index <= seal.entries) breakAt(entry, 'seal');
      }
      if (!entry.keyed) unkeyed += 1;
      prev = entry.hash;
    },
    result() {
      if (broken === null && seal !== null && (!sealGood || index < seal.entries)) {
        // Sealed entries gone, or a seal this installation never made.
        broken = { n: Math.min(index + 1, seal.entries), kind: null, reason: 'seal' };
      }
      return {
        broken,
        chaining: unkeyed === 0 ? 'keyed' : 'sealed',
      };
    },
  };
}

/** The first break of a whole visit's entries (tests, and small callers). */
export function checkChain(
  entries: readonly RecordEntry[],
  secret: Buffer,
  seal: Seal | null,
): RecordBreak | null {
  const check = chainCheck(secret, seal);
  for (const entry of entries) check.add(entry);
  return check.result().broken;
}
