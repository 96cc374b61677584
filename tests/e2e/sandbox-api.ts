/**
 * The test acting as "the world": the sandbox's vendor API and its control routes, called the
 * way another technician or the server itself would change things behind the app's back.
 */

export interface SandboxUser {
  name: string;
  api_key: string;
  organizations: { id: string; name: string }[];
}
export interface SandboxInfo {
  base_url: string;
  users: SandboxUser[];
}
export interface ApiLocation {
  id: string;
  name: string;
}
interface ApiDevice {
  serial_number: string;
  location?: { id: string; name: string } | null;
}

const sandboxOrigin = (info: SandboxInfo): string => new URL(info.base_url).origin;

/** Calls a sandbox control or API route; the answer's JSON (null when empty). */
export async function sandboxRequest(
  info: SandboxInfo,
  method: string,
  path: string,
  body?: unknown,
  auth?: string,
): Promise<unknown> {
  const url = path.startsWith('/_sandbox') ? sandboxOrigin(info) + path : info.base_url + path;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth) headers.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

export const twoOrgUser = (info: SandboxInfo): SandboxUser => {
  const user = info.users.find((u) => u.organizations.length > 1);
  if (!user) throw new Error('the sandbox seed has no user with two organizations');
  return user;
};

const auth = (user: SandboxUser): string => `${user.organizations[0]!.id}:${user.api_key}`;

/** A sandbox and the user a test acts as there (the sandbox fixture is one). */
export interface SandboxAccount {
  info: SandboxInfo;
  user: SandboxUser;
}

/** An API route read as the user: its `data` (lists, and some dialects' single objects) or the bare answer. */
export async function apiGet<T>({ info, user }: SandboxAccount, path: string): Promise<T> {
  const body = await sandboxRequest(info, 'GET', path, undefined, auth(user));
  return (body && typeof body === 'object' && 'data' in body ? body.data : body) as T;
}

/** Where the server has a device now. */
export const serverDeviceLocation = async (
  account: SandboxAccount,
  serial: string,
): Promise<string | null> =>
  (await apiGet<ApiDevice>(account, `/devices/${serial}`)).location?.id ?? null;

/** Where the sandbox has every device, by serial (null: not installed), read past the API. */
export async function serverPlacements(info: SandboxInfo): Promise<Record<string, string | null>> {
  const state = (await sandboxRequest(info, 'GET', '/_sandbox/state')) as {
    devices: Record<string, string | null>;
  };
  return state.devices;
}

/** Someone else installs a device through the API, behind the app's back. */
export const installOnServer = (
  { info, user }: SandboxAccount,
  serial: string,
  locationId: string,
): Promise<unknown> =>
  sandboxRequest(
    info,
    'POST',
    `/devices/${serial}/install`,
    { location_id: locationId },
    auth(user),
  );

/** Someone else changes a device's fields (a label, its interval) through the API. */
export const updateOnServer = (
  { info, user }: SandboxAccount,
  serial: string,
  fields: Record<string, unknown>,
): Promise<unknown> => sandboxRequest(info, 'PUT', `/devices/${serial}`, fields, auth(user));

export const uninstalledSerials = async (account: SandboxAccount): Promise<string[]> =>
  (await apiGet<ApiDevice[]>(account, '/uninstalled-devices')).map((d) => d.serial_number);

export const locations = (account: SandboxAccount): Promise<ApiLocation[]> =>
  apiGet<ApiLocation[]>(account, '/locations');
