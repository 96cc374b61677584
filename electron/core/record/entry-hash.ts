/**
 * A visit entry's hash: over the canonical JSON of everything the entry says plus the hash of
 * the entry before it, so changing, removing or reordering any stored entry changes every hash
 * after it (and the final one printed on the receipt). Entries are keyed (decision record 68):
 * HMAC-SHA256 with this installation's secret from the OS keychain, so writing work.db alone
 * cannot make an entry that checks out. Entries written before keys existed keep their plain
 * SHA-256 (`v: 1`) and are checked as they were, within the seal made when keys arrived.
 */
import { createHash, createHmac } from 'node:crypto';
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

/** Plain SHA-256 (`v: 1`): entries written before the record was keyed. */
export const unkeyedHash = (entry: HashedEntry): string =>
  createHash('sha256')
    .update(canonicalJson({ v: 1, ...entry }))
    .digest('hex');

/** HMAC-SHA256 with the installation's secret (`v: 2`). */
export const keyedHash = (entry: HashedEntry, secret: Buffer): string =>
  createHmac('sha256', secret)
    .update(canonicalJson({ v: 2, ...entry }))
    .digest('hex');

/** A keyed MAC over any record value (a seal). */
export const keyedMac = (value: unknown, secret: Buffer): string =>
  createHmac('sha256', secret).update(canonicalJson(value)).digest('hex');

export const sha256Hex = (data: Buffer | string): string =>
  createHash('sha256').update(data).digest('hex');
