/**
 * Every API failure as a code with its parameters (the renderer says it in the technician's
 * language from the catalog: renderer/src/lib/error-text.ts), plus the English sentence kept
 * for logs: what happened, then what to do next. Nothing here may contain a secret or a raw
 * server body.
 */
import type { AppErrorShape, ErrorCode, LocationRef } from '../../contract';

export type Wording = Pick<AppErrorShape, 'message' | 'nextStep' | 'code' | 'params'>;

const said = (
  code: ErrorCode,
  params: Record<string, string | number> | undefined,
  english: { message: string; nextStep: string },
): Wording => (params ? { code, params, ...english } : { code, ...english });

/** What a request was about, so a 404 can name the thing that was not found. */
export type Subject =
  | { kind: 'organization'; id: string }
  | { kind: 'location'; id: string }
  | { kind: 'device'; serial: string }
  | { kind: 'list' };

export const wording = {
  offline: (host: string): Wording =>
    said(
      'offline',
      { host },
      {
        message: `Could not reach the server at ${host}. The network connection seems to be down.`,
        nextStep:
          'Check the Wi-Fi or network cable, then try again. Installs and uninstalls can be queued meanwhile.',
      },
    ),
  dns: (host: string): Wording =>
    said(
      'dns',
      { host },
      {
        message: `Could not find the server ${host}. The name did not resolve.`,
        nextStep:
          'Check the network connection and the API address in the sign-in settings, then try again.',
      },
    ),
  proxy: (host: string): Wording =>
    said(
      'proxy',
      { host },
      {
        message: `Could not reach ${host} through this network's proxy server (the proxy refused, did not answer, or asks for a sign-in).`,
        nextStep:
          "The Wi-Fi itself may be fine. Check this computer's proxy settings or ask the store's IT to let the app through, then try again.",
      },
    ),
  proxyAuthRefused: (host: string): Wording =>
    said(
      'proxy_auth_refused',
      { host },
      {
        message: `The network's proxy server refused the sign-in, so ${host} could not be reached.`,
        nextStep:
          'Check the proxy user name and password with your IT department, then try again: the app asks again.',
      },
    ),
  tls: (host: string): Wording =>
    said(
      'tls',
      { host },
      {
        message: `The secure connection to ${host} could not be trusted (certificate problem).`,
        nextStep:
          'Do not continue on this network. Try another network, or ask your admin to check the server certificate.',
      },
    ),
  timeout: (host: string, seconds: number): Wording =>
    said(
      'timeout',
      { host, seconds },
      {
        message: `The server at ${host} did not answer within ${seconds} seconds.`,
        nextStep:
          'The connection may be slow. Move closer to the Wi-Fi access point or try again in a moment.',
      },
    ),
  cancelled: (): Wording =>
    said('cancelled', undefined, {
      message: 'The request was cancelled before the server answered.',
      nextStep: 'Try again when you are ready.',
    }),
  unauthorized: (): Wording =>
    said('unauthorized', undefined, {
      message: 'The API key was not accepted — it may be wrong or revoked.',
      nextStep: 'Check the key, or ask your admin for a current one and sign in with it.',
    }),
  forbidden: (): Wording =>
    said('forbidden', undefined, {
      message: 'Your API key does not give access to this organization.',
      nextStep:
        'Choose another organization, or ask your admin to give your key access to this one.',
    }),
  noOrganization: (): Wording =>
    said('no_organization', undefined, {
      message: 'No organization is chosen yet.',
      nextStep: 'Choose the organization you are working for, then try again.',
    }),
  noKey: (): Wording =>
    said('no_key', undefined, {
      message: 'You are not signed in: no API key is stored.',
      nextStep: 'Sign in with the API key from your admin.',
    }),
  notFound: (subject: Subject): Wording => {
    switch (subject.kind) {
      case 'device':
        return said(
          'device_not_found',
          { serial: subject.serial },
          {
            message: `No device with serial number ${subject.serial} exists in this organization.`,
            nextStep: 'Check the serial on the device label and scan or type it again.',
          },
        );
      case 'location':
        return said('location_not_found', undefined, {
          message: 'This location does not exist (any more) in this organization.',
          nextStep: 'Refresh the list of locations and pick it again.',
        });
      case 'organization':
        return said('organization_not_found', undefined, {
          message: 'This organization does not exist.',
          nextStep: 'Refresh the list of organizations and choose again.',
        });
      case 'list':
        return said('list_not_found', undefined, {
          message: 'The server does not know this list. The API address may be wrong.',
          nextStep: 'Check the API address in the sign-in settings (it should end in /v1).',
        });
    }
  },
  installedElsewhere: (location: LocationRef | null): Wording =>
    // A reference without a name (some servers send only the id) is named by its id.
    said('installed_elsewhere', location ? { location: location.name ?? location.id } : undefined, {
      message: location
        ? `This device is already installed at “${location.name ?? location.id}”.`
        : 'This device is already installed at another location.',
      nextStep: 'Uninstall it there first, or move it to this location.',
    }),
  locationHasDevices: (count: number | null): Wording =>
    said('location_has_devices', count === null ? undefined : { count }, {
      message:
        count === null
          ? 'This location still has devices installed.'
          : `This location still has ${count} device${count === 1 ? '' : 's'} installed.`,
      nextStep: 'Uninstall its devices first, then delete the location.',
    }),
  conflict: (): Wording =>
    said('conflict', undefined, {
      message: 'The server refused the change because it conflicts with the current state.',
      nextStep: 'Refresh and check the device and location, then try again.',
    }),
  invalid: (fields: Record<string, string>): Wording => {
    const first = Object.entries(fields)[0];
    return said('invalid', first ? { field: first[0], problem: first[1] } : undefined, {
      message: first
        ? `The server did not accept the values: ${first[0]} ${first[1]}.`
        : 'The server did not accept the request.',
      nextStep: 'Correct the highlighted values and try again.',
    });
  },
  rateLimited: (retryAfterS: number | undefined): Wording =>
    said(
      'rate_limited',
      retryAfterS === undefined ? undefined : { seconds: Math.max(1, Math.ceil(retryAfterS)) },
      {
        message: 'The server is receiving too many requests right now.',
        nextStep:
          retryAfterS === undefined
            ? 'Wait a minute, then try again.'
            : `Try again in ${formatWait(retryAfterS)}.`,
      },
    ),
  server: (status: number): Wording =>
    said(
      'server',
      { status },
      {
        message: `The server had a problem (HTTP ${status}) and could not complete the request.`,
        nextStep: 'Try again in a few minutes. If it keeps happening, tell your admin.',
      },
    ),
  redirected: (): Wording =>
    said('redirected', undefined, {
      message:
        'The network sent the request somewhere else (often a Wi-Fi sign-in page or a proxy).',
      nextStep:
        'Open a browser to finish the Wi-Fi sign-in, or check the API address, then try again.',
    }),
  notJson: (): Wording =>
    said('not_json', undefined, {
      message:
        'The server answered with a web page instead of data (often a Wi-Fi sign-in page or a proxy).',
      nextStep:
        'Open a browser to finish the Wi-Fi sign-in, or try another network, then try again.',
    }),
  unreadable: (): Wording =>
    said('unreadable', undefined, {
      message: 'The server’s answer could not be understood (incomplete or unexpected data).',
      nextStep: 'Try again. If it keeps happening, the app may need an update — tell your admin.',
    }),
  tooDeep: (): Wording =>
    said('too_deep', undefined, {
      message: 'The server’s answer is nested too deeply to read safely, so it was not used.',
      nextStep:
        'Nothing was changed on this computer. Tell your admin; the server may be misbehaving.',
    }),
  tooLarge: (maxBytes: number): Wording =>
    said(
      'too_large',
      { kilobytes: Math.round(maxBytes / 1024) },
      {
        message: `The server’s answer was larger than this app accepts (${Math.round(maxBytes / 1024)} KB).`,
        nextStep: 'Try again later. If it keeps happening, tell your admin.',
      },
    ),
  tooManyPages: (maxPages: number): Wording =>
    said(
      'too_many_pages',
      { pages: maxPages },
      {
        message: `The list is longer than this app can load (more than ${maxPages} pages).`,
        nextStep: 'Narrow the list with a search or filter, or tell your admin.',
      },
    ),
  unexpectedStatus: (status: number): Wording =>
    said(
      'unexpected_status',
      { status },
      {
        message: `The server answered with an unexpected status (HTTP ${status}).`,
        nextStep: 'Check the API address in the sign-in settings, then try again.',
      },
    ),
  badBaseUrl: (problem: string): Wording =>
    said(
      'bad_base_url',
      { problem },
      {
        message: `The API address is not usable: ${problem}.`,
        nextStep:
          'Enter the https address your admin gave you, for example https://api.example.com/v1.',
      },
    ),
};

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;
const formatWait = (seconds: number): string =>
  seconds < 60
    ? plural(Math.max(1, Math.ceil(seconds)), 'second')
    : plural(Math.ceil(seconds / 60), 'minute');
