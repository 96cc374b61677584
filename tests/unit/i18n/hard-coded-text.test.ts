/**
 * No user-visible text written into a component: text between tags and the aria-label,
 * title, placeholder, alt and label attributes must come from the catalog (a `{m.key()}`
 * expression), never letters typed in the markup; nor a sentence in a string of the
 * component's code or of an expression in its markup (a `hint={`Set by …`}` prop).
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
/** A capitalised word followed by another: a sentence in a string, not a class list or a key. */
const PROSE = /\p{Lu}\p{Ll}+\s+\p{L}{2,}/u;

interface Finding {
  line: number;
  text: string;
}

type Node = { type?: string; start?: number; [key: string]: unknown };

/** Strings and template parts inside code (markup expressions, component scripts) that read
 * as a sentence: `hint={`Set by your IT department (${who}).`}` is as visible as a text node. */
const proseInCode = (node: unknown, found: (start: number, text: string) => void): void => {
  if (Array.isArray(node)) return node.forEach((child) => proseInCode(child, found));
  if (!node || typeof node !== 'object') return;
  const n = node as Node & { value?: unknown };
  if (n.type === 'Literal' && typeof n.value === 'string' && PROSE.test(n.value))
    found(n.start ?? 0, n.value);
  if (n.type === 'TemplateElement') {
    const cooked = (n.value as { cooked?: string } | undefined)?.cooked ?? '';
    if (PROSE.test(cooked)) found(n.start ?? 0, cooked);
  }
  for (const [key, value] of Object.entries(n))
    if (key !== 'parent' && key !== 'leadingComments' && key !== 'trailingComments')
      if (value && typeof value === 'object') proseInCode(value, found);
};

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
    if (n.type === 'StyleSheet' || n.type === 'StyleDirective') return;
    if (n.type === 'Script' || n.type === 'ExpressionTag') {
      proseInCode(n.type === 'Script' ? n['content'] : n['expression'], (start, text) =>
        findings.push({ line: lineOf(start), text }),
      );
      return;
    }
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
  visit([ast.instance, ast.module, ast.fragment], null);
  return findings.sort((a, b) => a.line - b.line);
};

describe('the hard-coded text check itself', () => {
  it('finds text nodes and text attributes with letters', () => {
    const found = hardCodedText(
      '<script>const a = "not-shown";</script>\n<p>Hello</p>\n<button aria-label="Close">{m.x()}</button>\n<input placeholder="Type here {n}" />',
    );
    expect(found.map((f) => f.text)).toEqual([
      'Hello',
      'aria-label="Close"',
      'placeholder="Type here "',
    ]);
    expect(found.map((f) => f.line)).toEqual([2, 3, 4]);
  });
  it('finds a sentence in a string of the script or of a markup expression', () => {
    const found = hardCodedText(
      '<script>let error = $state("Something went wrong");</script>\n<Field hint={locked ? `Set by your IT department (${who}).` : undefined} />',
    );
    expect(found.map((f) => [f.line, f.text])).toEqual([
      [1, 'Something went wrong'],
      [2, 'Set by your IT department ('],
    ]);
  });
  it('lets catalog calls, punctuation, numbers and non-text attributes pass', () => {
    expect(
      hardCodedText(
        '<script>call("managedSettings", {}); const cls = "card wide"; // Not prose: a comment\n</script><p title={m.t()} class={x ? "row open" : "row"}>{m.a()}: {count} — 1/2</p>\n<div class="card" aria-hidden="true" style:height="{h}px"></div><style>p { color: red; }</style>',
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
