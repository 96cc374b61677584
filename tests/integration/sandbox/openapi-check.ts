/**
 * Checks real sandbox answers against docs/api/openapi.yaml with library validators:
 * the document with @seriousme/openapi-schema-validator, bodies with Ajv (JSON Schema 2020-12,
 * which OpenAPI 3.1 uses) resolving $refs inside the document. An answer whose operation or
 * status is not documented is a failure.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const OPENAPI_PATH = fileURLToPath(new URL('../../../docs/api/openapi.yaml', import.meta.url));
export const openapiDoc = parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDoc;

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, unknown>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

const DOC_ID = 'https://field-installer.invalid/openapi.json';
const ajv = new Ajv2020({ allErrors: true, strict: true });
// OpenAPI's own words inside the document are not JSON Schema keywords.
ajv.addVocabulary([
  'x-source',
  'x-assumption',
  'openapi',
  'info',
  'servers',
  'paths',
  'components',
  'security',
  'tags',
]);
addFormats(ajv);
ajv.addSchema({ ...openapiDoc, $id: DOC_ID });

const pointer = (...parts: string[]): string =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const compiled = new Map<string, ValidateFunction>();

const templates = Object.keys(openapiDoc.paths).map((template) => ({
  template,
  regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The documented path template for a concrete path below /v1, or undefined. */
const templateFor = (path: string): string | undefined =>
  templates.find((t) => t.regex.test(path))?.template;

const resolveResponse = (r: ResponseObject): { obj: ResponseObject; at: string[] | null } => {
  if (!r.$ref) return { obj: r, at: null };
  const name = r.$ref.replace('#/components/responses/', '');
  return {
    obj: openapiDoc.components.responses?.[name] as ResponseObject,
    at: ['components', 'responses', name],
  };
};

export interface Answer {
  method: string;
  /** Path below /v1 without the query, e.g. '/devices/FTC-1'. */
  path: string;
  status: number;
  headers: Headers;
  text: string;
}

/** Throws with a readable message unless the answer matches the document. */
export const assertDocumented = (a: Answer): void => {
  const where = `${a.method} ${a.path} → ${a.status}`;
  const template = templateFor(a.path);
  const op = template ? openapiDoc.paths[template]?.[a.method.toLowerCase()] : undefined;
  if (!template || !op) {
    // Not an operation: only the generic error shape is promised (unknown route, 405).
    if (a.status !== 404 && a.status !== 405)
      throw new Error(`${where}: operation is not documented`);
    validate(pointer('components', 'schemas', 'ErrorBody'), JSON.parse(a.text), where);
    return;
  }
  const raw = op.responses[String(a.status)];
  if (!raw) throw new Error(`${where}: status not documented for ${a.method} ${template}`);
  const { obj, at } = resolveResponse(raw);
  for (const name of Object.keys(obj.headers ?? {})) {
    if (!a.headers.has(name)) throw new Error(`${where}: documented header ${name} is missing`);
  }
  const media = obj.content?.['application/json'];
  if (!media) {
    if (a.text !== '')
      throw new Error(`${where}: documented without a body but got ${a.text.slice(0, 80)}`);
    return;
  }
  if (!(a.headers.get('content-type') ?? '').startsWith('application/json'))
    throw new Error(`${where}: not JSON`);
  const schemaPtr = at
    ? pointer(...at, 'content', 'application/json', 'schema')
    : pointer(
        'paths',
        template,
        a.method.toLowerCase(),
        'responses',
        String(a.status),
        'content',
        'application/json',
        'schema',
      );
  validate(schemaPtr, JSON.parse(a.text), where);
};

const validate = (ptr: string, body: unknown, where: string): void => {
  let fn = compiled.get(ptr);
  if (!fn) {
    fn = ajv.compile({ $ref: `${DOC_ID}#/${ptr}` });
    compiled.set(ptr, fn);
  }
  if (!fn(body))
    throw new Error(`${where}: body does not match the document: ${ajv.errorsText(fn.errors)}`);
};
