import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { POLICY_KEYS } from '../../../electron/common/managed/policy';
import { POLICY_HIVES, policyRegistryKey } from '../../../electron/common/managed/reg-query';

const ROOT = join(import.meta.dirname, '../../..');
const NS = 'http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions';

/** Parses strictly: any well-formedness error or warning fails the test. */
const parse = (file: string) => {
  const problems: string[] = [];
  const record = (message: string) => problems.push(message);
  const doc = new DOMParser({
    errorHandler: { warning: record, error: record, fatalError: record },
  }).parseFromString(readFileSync(join(ROOT, file), 'utf8'), 'text/xml');
  expect(problems).toEqual([]);
  return doc;
};

const attrs = (doc: Document, tag: string, name: string): string[] =>
  Array.from(doc.getElementsByTagNameNS(NS, tag)).map((el) => el.getAttribute(name) ?? '');

describe('Group Policy template (build/policy)', () => {
  it('is well-formed XML (ADMX and ADML)', () => {
    const admx = parse('build/policy/FieldInstaller.admx');
    parse('build/policy/en-US/FieldInstaller.adml');
    // The parser closes an unclosed element at its parent's end tag without a word, so a policy
    // left open swallows the next ones: each policy must sit directly in <policies>.
    const parents = Array.from(admx.getElementsByTagNameNS(NS, 'policy')).map(
      (el) => (el.parentNode as Element | null)?.localName,
    );
    expect(new Set(parents)).toEqual(new Set(['policies']));
  });

  it('catches malformed XML (the check is not vacuous)', () => {
    const problems: string[] = [];
    new DOMParser({
      errorHandler: {
        warning: (m) => problems.push(m),
        error: (m) => problems.push(m),
        fatalError: (m) => problems.push(m),
      },
    }).parseFromString('<policies><policy></policies>', 'text/xml');
    expect(problems.length).toBeGreaterThan(0);
  });

  it('defines exactly the values the app reads, under the key it reads', () => {
    const admx = parse('build/policy/FieldInstaller.admx');
    expect(new Set(attrs(admx, 'policy', 'key'))).toEqual(
      new Set(['Software\\Policies\\FieldInstaller']),
    );
    const valueNames = [
      ...attrs(admx, 'policy', 'valueName'),
      ...attrs(admx, 'text', 'valueName'),
      // A number's element (an enabled/disabled value's <decimal> has no valueName).
      ...attrs(admx, 'decimal', 'valueName'),
      // A list's element: the pass rule's.
      ...attrs(admx, 'enum', 'valueName'),
    ].filter((name) => name !== '');
    // The list writes exactly the texts the policy accepts.
    const listed = Array.from(admx.getElementsByTagNameNS(NS, 'enum')).flatMap((list) =>
      Array.from(list.getElementsByTagNameNS(NS, 'string')).map((el) => el.textContent),
    );
    expect(listed).toEqual(['point', 'lower_bound']);
    expect(valueNames.sort()).toEqual(Object.values(POLICY_KEYS).sort());
    // Computer and User Configuration: the app reads HKLM, then HKCU (machine-wide wins).
    expect(new Set(attrs(admx, 'policy', 'class'))).toEqual(new Set(['Both']));
    for (const hive of POLICY_HIVES)
      expect(policyRegistryKey(hive)).toBe(`${hive}\\Software\\Policies\\FieldInstaller`);
  });

  it('has every string and presentation the ADMX refers to in the ADML', () => {
    const admxText = readFileSync(join(ROOT, 'build/policy/FieldInstaller.admx'), 'utf8');
    const adml = parse('build/policy/en-US/FieldInstaller.adml');
    const strings = new Set(attrs(adml, 'string', 'id'));
    const presentations = new Set(attrs(adml, 'presentation', 'id'));
    const refs = [...admxText.matchAll(/\$\((string|presentation)\.([A-Za-z0-9_]+)\)/g)];
    expect(refs.length).toBeGreaterThan(8);
    for (const [, kind, id] of refs) {
      expect(kind === 'string' ? strings.has(id ?? '') : presentations.has(id ?? '')).toBe(true);
    }
  });
});
