/**
 * A visit entry's hash: SHA-256 over the canonical JSON of everything the entry says plus the
 * hash of the entry before it, so changing, removing or reordering any stored entry changes
 * every hash after it (and the final one printed on the receipt).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** The `prev` of a visit's first entry. */
export const FIRST_PREV = '0'.repeat(64);

/** What an entry's hash covers (its stored columns, the body parsed). */
export interface HashedEntry {
  visitId: string;
  n: number;
  id: string;
  at: string;
  kind: string;
  subject: string | null;
  body: unknown;
  prev: string;
}

export const entryHash = (entry: HashedEntry): string =>
  createHash('sha256')
    .update(canonicalJson({ v: 1, ...entry }))
    .digest('hex');

export const sha256Hex = (data: Buffer | string): string =>
  createHash('sha256').update(data).digest('hex');
