/**
 * The chained record's pure parts: the canonical serialisation its hashes are taken over, the
 * chain check (which entry breaks it, keyed with the installation's secret, unkeyed entries
 * only within a seal), and where a receipt and a record part.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../electron/core/record/canonical-json';
import { checkChain, hashOf, sealMac, type Seal } from '../../../electron/core/record/chain-check';
import { FIRST_PREV } from '../../../electron/core/record/entry-hash';
import { compareWithReceipt } from '../../../electron/core/record/receipt-check';
import type { RecordEntry } from '../../../electron/core/record/record-entry';
import { entryInfo } from '../../../electron/core/record/visit-record';

const SECRET = randomBytes(32);
const broken = (entries: readonly RecordEntry[], seal: Seal | null = null) =>
  checkChain(entries, SECRET, seal)?.n ?? null;

describe('canonical JSON', () => {
  it('sorts keys at every depth, drops undefined members, writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null, 'x'], c: undefined, b: 'é' } })).toBe(
      '{"a":{"b":"é","d":[true,null,"x"]},"b":1}',
    );
  });

  it('gives the same text for the same content in any key order', () => {
    expect(canonicalJson({ x: 1, y: { p: 2, q: 3 } })).toBe(
      canonicalJson({ y: { q: 3, p: 2 }, x: 1 }),
    );
  });

  it('sorts keys by UTF-16 code units, not by locale', () => {
    expect(canonicalJson({ é: 1, z: 2, Z: 3, a: 4 })).toBe('{"Z":3,"a":4,"z":2,"é":1}');
  });

  it('writes numbers in their shortest form and never fails on one', () => {
    expect(canonicalJson([1, 1.5, -0, 1e21, Number.NaN, 2 ** 53])).toBe(
      '[1,1.5,0,1e+21,null,9007199254740992]',
    );
  });

  it('refuses what a record cannot hold', () => {
    expect(() => canonicalJson({ f: () => 1 })).toThrow(TypeError);
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });
});

/** A well-formed chain of `n` entries (keyed, or unkeyed as before keys existed). */
const chain = (n: number, keyed = true, secret = SECRET): RecordEntry[] => {
  const entries: RecordEntry[] = [];
  let prev = FIRST_PREV;
  for (let i = 1; i <= n; i++) {
    const entry = {
      id: `e-${i}`,
      visitId: 'v-1',
      n: i,
      at: `2026-05-04T10:0${i}:00.000Z`,
      kind: i === n ? ('sign_off' as const) : ('action' as const),
      subject: `a-${i}`,
      body: { serial: `FTC-${i}`, result: 'done' },
      prevHash: prev,
      keyed,
    };
    const hash = hashOf(entry, secret);
    entries.push({ ...entry, hash });
    prev = hash;
  }
  return entries;
};

const sealOf = (entries: readonly RecordEntry[], secret = SECRET): Seal => {
  const seal = {
    visitId: 'v-1',
    entries: entries.length,
    finalHash: entries.at(-1)!.hash,
    sealedAt: '2026-06-01T00:00:00.000Z',
  };
  return { ...seal, mac: sealMac(seal, secret) };
};

describe('the chain check', () => {
  it('finds nothing wrong in a chain as written', () => {
    expect(broken(chain(5))).toBeNull();
    expect(broken([])).toBeNull();
  });

  it('names the entry whose content changed', () => {
    const entries = chain(5);
    entries[2] = { ...entries[2]!, body: { serial: 'FTC-X', result: 'done' } };
    expect(checkChain(entries, SECRET, null)).toEqual({ n: 3, kind: 'action', reason: 'hash' });
  });

  it('names the entry whose time, kind or subject changed', () => {
    for (const change of [
      { at: '2026-05-04T11:00:00.000Z' },
      { kind: 'photo' as const },
      { subject: 'a-9' },
    ]) {
      const entries = chain(4);
      entries[1] = { ...entries[1]!, ...change };
      expect(broken(entries)).toBe(2);
    }
  });

  it('names the place where an entry was removed or two were swapped', () => {
    const removed = chain(5);
    removed.splice(1, 1);
    expect(broken(removed)).toBe(2);
    const swapped = chain(5);
    [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
    expect(broken(swapped)).toBe(3);
  });

  it('hashes differ when the entry before differs (each covers the previous)', () => {
    const a = chain(3);
    const b = chain(3);
    b[0] = { ...b[0]!, body: { serial: 'other' } };
    const rehashed = { ...b[1]!, prevHash: hashOf(b[0]!, SECRET) };
    expect(hashOf(rehashed, SECRET)).not.toBe(a[1]!.hash);
  });

  it('refuses a consistent chain written without the installation’s secret', () => {
    // Another secret (another installation, or someone who guessed): every hash is wrong.
    expect(checkChain(chain(3, true, randomBytes(32)), SECRET, null)).toMatchObject({
      n: 1,
      reason: 'hash',
    });
    // Plain SHA-256, as before keys: only within a seal this installation made.
    expect(checkChain(chain(3, false), SECRET, null)).toMatchObject({ n: 1, reason: 'unsealed' });
  });

  it('takes unkeyed entries from before keys within their seal, keyed ones after it', () => {
    const before = chain(3, false);
    const seal = sealOf(before);
    expect(broken(before, seal)).toBeNull();
    // An entry appended after the seal is keyed and chains on the sealed ones.
    const after = {
      ...before[2]!,
      id: 'e-4',
      n: 4,
      kind: 'amendment' as const,
      prevHash: before[2]!.hash,
      keyed: true,
    };
    const keyed = [...before, { ...after, hash: hashOf(after, SECRET) }];
    expect(broken(keyed, seal)).toBeNull();
    // …but an unkeyed one after it is not the installation's.
    const unkeyed = { ...after, keyed: false };
    expect(
      checkChain([...before, { ...unkeyed, hash: hashOf(unkeyed, SECRET) }], SECRET, seal),
    ).toMatchObject({ n: 4, reason: 'unsealed' });
    // A seal made with another secret, or one whose entries are gone, proves nothing.
    expect(checkChain(before, SECRET, sealOf(before, randomBytes(32)))).toMatchObject({
      n: 1,
      reason: 'unsealed',
    });
    expect(checkChain(before.slice(0, 2), SECRET, seal)).toMatchObject({ n: 3, reason: 'seal' });
  });
});

describe('a receipt against the record', () => {
  const listed = (entries: readonly RecordEntry[]) => ({
    hash: entries.at(-1)!.hash,
    entries: entries.map((e) => ({ n: e.n, hash: e.hash })),
  });
  const compare = (
    entries: readonly RecordEntry[],
    receipt: Parameters<typeof compareWithReceipt>[2],
  ) =>
    compareWithReceipt(
      entries.map(entryInfo),
      { broken: checkChain(entries, SECRET, null), photo: null },
      receipt,
    );

  it('matches the record it was made from (with its entries, or its hash alone or a prefix)', () => {
    const record = chain(4);
    expect(compare(record, listed(record))).toEqual({
      verdict: 'match',
      entry: null,
      entryKind: null,
      reason: null,
    });
    expect(compare(record, { hash: record[3]!.hash.slice(0, 16) }).verdict).toBe('match');
  });

  it('says entries were added since, from which one', () => {
    const record = chain(5);
    expect(compare(record, listed(record.slice(0, 3)))).toEqual({
      verdict: 'added_since',
      entry: 4,
      entryKind: 'action',
      reason: null,
    });
    expect(compare(record, { hash: record[2]!.hash })).toMatchObject({
      verdict: 'added_since',
      entry: 4,
    });
  });

  it('names the first entry where a rewritten record parts from the receipt', () => {
    const receipt = listed(chain(5));
    const other = chain(5).map((e) => e);
    // The record rewritten from entry 3 on with the secret: a valid chain, but another.
    let prev = other[1]!.hash;
    for (let i = 2; i < other.length; i++) {
      const entry = { ...other[i]!, body: { changed: i }, prevHash: prev };
      other[i] = { ...entry, hash: hashOf(entry, SECRET) };
      prev = other[i]!.hash;
    }
    expect(broken(other)).toBeNull();
    expect(compare(other, receipt)).toEqual({
      verdict: 'differs',
      entry: 3,
      entryKind: 'action',
      reason: null,
    });
    expect(compare(other, { hash: receipt.hash }).verdict).toBe('differs');
  });

  it('says the record was altered where its own chain breaks, whatever the receipt says', () => {
    const record = chain(4);
    const receipt = listed(record);
    record[1] = { ...record[1]!, body: { serial: 'FTC-X' } };
    expect(compare(record, receipt)).toEqual({
      verdict: 'altered',
      entry: 2,
      entryKind: 'action',
      reason: 'hash',
    });
  });

  it('says a photo whose picture is not the one recorded is altered, at its entry', () => {
    const record = chain(4);
    expect(
      compareWithReceipt(
        record.map(entryInfo),
        { broken: null, photo: { n: 3, kind: 'photo', field: 'picture' } },
        listed(record),
      ),
    ).toEqual({ verdict: 'altered', entry: 3, entryKind: 'action', reason: 'picture' });
  });

  it('says a receipt listing more entries than the record differs where the record ends', () => {
    const record = chain(4);
    expect(compare(record.slice(0, 2), listed(record))).toMatchObject({
      verdict: 'differs',
      entry: 3,
      entryKind: null,
    });
  });

  it('does not take a receipt whose final hash is not its last entry’s for a match', () => {
    const record = chain(3);
    expect(compare(record, { ...listed(record), hash: record[1]!.hash })).toMatchObject({
      verdict: 'differs',
    });
  });
});
