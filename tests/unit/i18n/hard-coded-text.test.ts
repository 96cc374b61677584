/**
 * No user-visible text written into a component: text between tags and the aria-label,
 * title, placeholder, alt and label attributes must come from the catalog (a `{m.key()}`
 * expression), never letters typed in the markup.
 *
 * Every .svelte file under renderer/src is checked: a new component is covered the day it is
 * added.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';

const RENDERER = join(process.cwd(), 'renderer/src');
const COMPONENTS = readdirSync(RENDERER, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.svelte'))
  .sort();

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
    // Scripts and styles are not markup; expressions are code (checked by the catalog tests);
    // a `style:height="{h}px"` directive is CSS, not words.
    if (
      n.type === 'Script' ||
      n.type === 'StyleSheet' ||
      n.type === 'ExpressionTag' ||
      n.type === 'StyleDirective'
    )
      return;
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
        '<p title={m.t()}>{m.a()}: {count} — 1/2</p>\n<div class="card" aria-hidden="true" style:height="{h}px"></div><style>p { color: red; }</style>',
      ),
    ).toEqual([]);
  });
});

describe('components hold no hard-coded text', () => {
  it('finds every component', () => {
    expect(COMPONENTS).toContain('App.svelte');
    expect(COMPONENTS.length).toBeGreaterThan(40);
  });
  it.each(COMPONENTS)('%s', (file) => {
    const source = readFileSync(join(RENDERER, file), 'utf8');
    expect(hardCodedText(source)).toEqual([]);
  });
});
