/**
 * Names from a server or a person are data, never keys into an object's prototype: a device
 * type "constructor" looked up in a plain object finds Object's constructor, and "__proto__"
 * written into one changes its prototype instead of adding a key. So no app code (electron/,
 * the renderer's .ts, i18n/) reads or writes an object with a string index signature through
 * a key typed `string` — what a server, a file or a person can spell — unless an
 * `Object.hasOwn(object, key)` guards the read; lookups keyed by outside text use a Map,
 * and objects built from outside names use Object.fromEntries (which makes "__proto__" an
 * own key). `key in object` counts as a read (it sees inherited names). Keys of a closed set
 * (a union of literals) are not outside text and pass.
 *
 * Found with the TypeScript checker over both projects (tsconfig.node.json and tsconfig.web.json).
 * .svelte files are not in those programs: their lookups live in .ts helpers.
 */
import ts from 'typescript';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
/** Not the app: the tests, and the sandbox's test-only kit (never shipped). */
const SKIPPED = [/^tests\//, /^electron\/sandbox\/test-kit\//, /^i18n\/paraglide\//];

function programOf(config: string): ts.Program {
  const read = ts.readConfigFile(join(ROOT, config), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT);
  return ts.createProgram(parsed.fileNames, parsed.options);
}

/** A key a person or a server could have spelled: `string`, a template, or any. */
const isOpenText = (type: ts.Type): boolean =>
  type.isUnion()
    ? type.types.some(isOpenText)
    : (type.flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.Any)) !== 0;

/** Reads `Object.hasOwn(object, key)` in a condition that the access sits under. */
const guarded = (access: ts.Node, object: string, key: string): boolean => {
  const guard = `Object.hasOwn(${object}, ${key})`;
  for (let node: ts.Node = access; node.parent; node = node.parent) {
    const parent = node.parent;
    if (ts.isConditionalExpression(parent) && node === parent.whenTrue)
      if (parent.condition.getText().includes(guard)) return true;
    if (ts.isIfStatement(parent) && node === parent.thenStatement)
      if (parent.expression.getText().includes(guard)) return true;
    if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
      node === parent.right &&
      parent.left.getText().includes(guard)
    )
      return true;
    if (ts.isFunctionLike(parent)) return false;
  }
  return false;
};

function findOpenKeyedAccess(config: string): string[] {
  const program = programOf(config);
  const checker = program.getTypeChecker();
  const indexed = (type: ts.Type): boolean =>
    (type.isUnion() ? type.types : [type]).some(
      (t) =>
        !checker.isArrayType(t) &&
        !checker.isTupleType(t) &&
        checker.getIndexInfoOfType(t, ts.IndexKind.String) !== undefined,
    );
  const found: string[] = [];
  for (const file of program.getSourceFiles()) {
    const path = relative(ROOT, file.fileName);
    if (path.startsWith('..') || path.includes('node_modules') || SKIPPED.some((r) => r.test(path)))
      continue;
    const report = (node: ts.Node, what: string) => {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${path}:${line + 1}: ${what}`);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isElementAccessExpression(node)) {
        const key = node.argumentExpression;
        if (
          isOpenText(checker.getTypeAtLocation(key)) &&
          indexed(checker.getTypeAtLocation(node.expression))
        ) {
          const written =
            ts.isBinaryExpression(node.parent) &&
            node.parent.left === node &&
            node.parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
            node.parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
          if (written || !guarded(node, node.expression.getText(), key.getText()))
            report(node, `${written ? 'written' : 'read'}: ${node.getText().slice(0, 80)}`);
        }
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword) {
        if (
          isOpenText(checker.getTypeAtLocation(node.left)) &&
          indexed(checker.getTypeAtLocation(node.right))
        )
          report(node, `in: ${node.getText().slice(0, 80)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

describe('names from outside are data', () => {
  it.each(['tsconfig.node.json', 'tsconfig.web.json'])(
    'no object is looked up or written by an open string key (%s)',
    (config) => {
      expect(findOpenKeyedAccess(config)).toEqual([]);
    },
    120_000,
  );
});
