/**
 * No user-visible text written into a component: text between tags and the aria-label,
 * title, placeholder, alt and label attributes must come from the catalog (a `{m.key()}`
 * expression), never letters typed in the markup.
 *
 * CONVERTED lists the files already translated. Phase 2 of the translation converts the
 * rest, adding each here as it goes; when every component is converted, the list goes and
 * the test walks renderer/src for all .svelte files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';

const CONVERTED = [
  'App.svelte',
  'screens/SignInScreen.svelte',
  'components/ConnectionCheck.svelte',
  'components/StorageNotices.svelte',
  'components/OfflineCopy.svelte',
  'components/SyncIndicator.svelte',
  'components/MainNav.svelte',
  'components/ThemeChoice.svelte',
  'components/LanguageChoice.svelte',
  'components/ErrorMessage.svelte',
  'components/LastUpdated.svelte',
  'components/LocationChart.svelte',
  'components/Field.svelte',
  'screens/ScanScreen.svelte',
  'screens/LocationScreen.svelte',
  'screens/LocationsScreen.svelte',
  'screens/SettingsScreen.svelte',
  'components/DeviceFacts.svelte',
  'components/DeviceTable.svelte',
  'components/OutboxList.svelte',
  'components/NewLocationForm.svelte',
  'components/DeviceEditForm.svelte',
  'components/CameraPanel.svelte',
  'components/scan/CameraScanner.svelte',
  'components/ScanSoundsChoice.svelte',
  'components/ConnectivityBadge.svelte',
];

const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
const LETTER = /\p{L}/u;

interface Finding {
  line: number;
  text: string;
}

type Node = { type?: string; start?: number; [key: string]: unknown };

/** Letters in template text or in a text attribute's static parts. */
export const hardCodedText = (source: string): Finding[] => {
  const ast = parse(source, { modern: true });
  const findings: Finding[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const visit = (node: unknown, parent: Node | null): void => {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, parent));
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    // Scripts and styles are not markup; expressions are code (checked by the catalog tests).
    if (n.type === 'Script' || n.type === 'StyleSheet' || n.type === 'ExpressionTag') return;
    if (n.type === 'Text' && parent?.type !== 'Attribute') {
      const text = String(n.data ?? '').trim();
      if (LETTER.test(text)) findings.push({ line: lineOf(n.start ?? 0), text });
    }
    if (n.type === 'Attribute' && TEXT_ATTRIBUTES.has(String(n.name))) {
      const parts = Array.isArray(n.value) ? (n.value as Node[]) : [];
      for (const part of parts)
        if (part.type === 'Text' && LETTER.test(String(part.data)))
          findings.push({
            line: lineOf(part.start ?? 0),
            text: `${String(n.name)}="${String(part.data)}"`,
          });
      return;
    }
    for (const [key, value] of Object.entries(n))
      if (key !== 'parent' && value && typeof value === 'object') visit(value, n);
  };
  visit(ast.fragment, null);
  return findings;
};

describe('the hard-coded text check itself', () => {
  it('finds text nodes and text attributes with letters', () => {
    const found = hardCodedText(
      '<script>const a = "Not shown";</script>\n<p>Hello</p>\n<button aria-label="Close">{m.x()}</button>\n<input placeholder="Type here {n}" />',
    );
    expect(found.map((f) => f.text)).toEqual([
      'Hello',
      'aria-label="Close"',
      'placeholder="Type here "',
    ]);
    expect(found.map((f) => f.line)).toEqual([2, 3, 4]);
  });
  it('lets catalog calls, punctuation, numbers and non-text attributes pass', () => {
    expect(
      hardCodedText(
        '<p title={m.t()}>{m.a()}: {count} — 1/2</p>\n<div class="card" aria-hidden="true"></div><style>p { color: red; }</style>',
      ),
    ).toEqual([]);
  });
});

describe('converted components hold no hard-coded text', () => {
  it.each(CONVERTED)('%s', (file) => {
    const source = readFileSync(join(process.cwd(), 'renderer/src', file), 'utf8');
    expect(hardCodedText(source)).toEqual([]);
  });
});
