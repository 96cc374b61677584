/**
 * Real HTTP against a real sandbox; every answer is checked against docs/api/openapi.yaml
 * before a test sees it.
 */
import {
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
  type SandboxUser,
} from '../../../electron/sandbox';
import { assertDocumented } from './openapi-check';

export const start = (options: SandboxOptions = {}): Promise<RunningSandbox> =>
  startSandbox({ devices: 60, ...options });

export interface CallOptions {
  method?: string;
  /** Below /v1, with query. */
  path: string;
  /** Basic-auth username; null sends no Authorization header at all. */
  org?: string | null;
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export const basic = (org: string, key: string): string =>
  `Basic ${Buffer.from(`${org}:${key}`).toString('base64')}`;

/** Calls the API as `user` (org defaults to the user's first organization) and validates the answer. */
export const call = async (
  sbx: RunningSandbox,
  user: SandboxUser,
  o: CallOptions,
): Promise<CallResult> => {
  const method = o.method ?? 'GET';
  const headers: Record<string, string> = { ...o.headers };
  const org = o.org === undefined ? (user.organizations[0]?.id ?? '') : o.org;
  if (org !== null) headers.authorization = basic(org, o.key ?? user.api_key);
  let body: string | undefined = o.rawBody;
  if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${sbx.baseUrl}${o.path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  assertDocumented({
    method,
    path: new URL(`${sbx.baseUrl}${o.path}`).pathname.replace(/^\/v1/, ''),
    status: res.status,
    headers: res.headers,
    text,
  });
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: text ? (JSON.parse(text) as unknown) : null,
  };
};

export const users = (sbx: RunningSandbox): [SandboxUser, SandboxUser] => {
  const [a, b] = sbx.users;
  if (!a || !b) throw new Error('sandbox has fewer than two users');
  return [a, b];
};
