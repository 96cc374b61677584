/**
 * The technician's wording for every API failure: what happened, then what to do next.
 * Kept apart from the mapping logic so the words can be reviewed (and translated) in one place.
 * Nothing here may contain a secret or a raw server body.
 */
import type { AppErrorShape, LocationRef } from '../../contract';

export type Wording = Pick<AppErrorShape, 'message' | 'nextStep'>;

/** What a request was about, so a 404 can name the thing that was not found. */
export type Subject =
  | { kind: 'organization'; id: string }
  | { kind: 'location'; id: string }
  | { kind: 'device'; serial: string }
  | { kind: 'list' };

export const wording = {
  offline: (host: string): Wording => ({
    message: `Could not reach the server at ${host}. The network connection seems to be down.`,
    nextStep:
      'Check the Wi-Fi or network cable, then try again. Installs and uninstalls can be queued meanwhile.',
  }),
  dns: (host: string): Wording => ({
    message: `Could not find the server ${host}. The name did not resolve.`,
    nextStep:
      'Check the network connection and the API address in the sign-in settings, then try again.',
  }),
  proxy: (host: string): Wording => ({
    message: `Could not reach ${host} through this network's proxy server (the proxy refused, did not answer, or asks for a sign-in).`,
    nextStep:
      "The Wi-Fi itself may be fine. Check this computer's proxy settings or ask the store's IT to let the app through, then try again.",
  }),
  tls: (host: string): Wording => ({
    message: `The secure connection to ${host} could not be trusted (certificate problem).`,
    nextStep:
      'Do not continue on this network. Try another network, or ask your admin to check the server certificate.',
  }),
  timeout: (host: string, seconds: number): Wording => ({
    message: `The server at ${host} did not answer within ${seconds} seconds.`,
    nextStep:
      'The connection may be slow. Move closer to the Wi-Fi access point or try again in a moment.',
  }),
  cancelled: (): Wording => ({
    message: 'The request was cancelled before the server answered.',
    nextStep: 'Try again when you are ready.',
  }),
  unauthorized: (): Wording => ({
    message: 'The API key was not accepted — it may be wrong or revoked.',
    nextStep: 'Check the key, or ask your admin for a current one and sign in with it.',
  }),
  forbidden: (): Wording => ({
    message: 'Your API key does not give access to this organization.',
    nextStep: 'Choose another organization, or ask your admin to give your key access to this one.',
  }),
  noOrganization: (): Wording => ({
    message: 'No organization is chosen yet.',
    nextStep: 'Choose the organization you are working for, then try again.',
  }),
  noKey: (): Wording => ({
    message: 'You are not signed in: no API key is stored.',
    nextStep: 'Sign in with the API key from your admin.',
  }),
  notFound: (subject: Subject): Wording => {
    switch (subject.kind) {
      case 'device':
        return {
          message: `No device with serial number ${subject.serial} exists in this organization.`,
          nextStep: 'Check the serial on the device label and scan or type it again.',
        };
      case 'location':
        return {
          message: 'This location does not exist (any more) in this organization.',
          nextStep: 'Refresh the list of locations and pick it again.',
        };
      case 'organization':
        return {
          message: 'This organization does not exist.',
          nextStep: 'Refresh the list of organizations and choose again.',
        };
      case 'list':
        return {
          message: 'The server does not know this list. The API address may be wrong.',
          nextStep: 'Check the API address in the sign-in settings (it should end in /v1).',
        };
    }
  },
  installedElsewhere: (location: LocationRef | null): Wording => ({
    message: location
      ? `This device is already installed at “${location.name}”.`
      : 'This device is already installed at another location.',
    nextStep: 'Uninstall it there first, or move it to this location.',
  }),
  locationHasDevices: (count: number | null): Wording => ({
    message:
      count === null
        ? 'This location still has devices installed.'
        : `This location still has ${count} device${count === 1 ? '' : 's'} installed.`,
    nextStep: 'Uninstall its devices first, then delete the location.',
  }),
  conflict: (): Wording => ({
    message: 'The server refused the change because it conflicts with the current state.',
    nextStep: 'Refresh and check the device and location, then try again.',
  }),
  invalid: (fields: Record<string, string>): Wording => {
    const first = Object.entries(fields)[0];
    return {
      message: first
        ? `The server did not accept the values: ${first[0]} ${first[1]}.`
        : 'The server did not accept the request.',
      nextStep: 'Correct the highlighted values and try again.',
    };
  },
  rateLimited: (retryAfterS: number | undefined): Wording => ({
    message: 'The server is receiving too many requests right now.',
    nextStep:
      retryAfterS === undefined
        ? 'Wait a minute, then try again.'
        : `Try again in ${formatWait(retryAfterS)}.`,
  }),
  server: (status: number): Wording => ({
    message: `The server had a problem (HTTP ${status}) and could not complete the request.`,
    nextStep: 'Try again in a few minutes. If it keeps happening, tell your admin.',
  }),
  redirected: (): Wording => ({
    message: 'The network sent the request somewhere else (often a Wi-Fi sign-in page or a proxy).',
    nextStep:
      'Open a browser to finish the Wi-Fi sign-in, or check the API address, then try again.',
  }),
  notJson: (): Wording => ({
    message:
      'The server answered with a web page instead of data (often a Wi-Fi sign-in page or a proxy).',
    nextStep: 'Open a browser to finish the Wi-Fi sign-in, or try another network, then try again.',
  }),
  unreadable: (): Wording => ({
    message: 'The server’s answer could not be understood (incomplete or unexpected data).',
    nextStep: 'Try again. If it keeps happening, the app may need an update — tell your admin.',
  }),
  tooDeep: (): Wording => ({
    message: 'The server’s answer is nested too deeply to read safely, so it was not used.',
    nextStep:
      'Nothing was changed on this computer. Tell your admin; the server may be misbehaving.',
  }),
  tooLarge: (maxBytes: number): Wording => ({
    message: `The server’s answer was larger than this app accepts (${Math.round(maxBytes / 1024)} KB).`,
    nextStep: 'Try again later. If it keeps happening, tell your admin.',
  }),
  tooManyPages: (maxPages: number): Wording => ({
    message: `The list is longer than this app can load (more than ${maxPages} pages).`,
    nextStep: 'Narrow the list with a search or filter, or tell your admin.',
  }),
  unexpectedStatus: (status: number): Wording => ({
    message: `The server answered with an unexpected status (HTTP ${status}).`,
    nextStep: 'Check the API address in the sign-in settings, then try again.',
  }),
  badBaseUrl: (problem: string): Wording => ({
    message: `The API address is not usable: ${problem}.`,
    nextStep:
      'Enter the https address your admin gave you, for example https://api.example.com/v1.',
  }),
};

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;
const formatWait = (seconds: number): string =>
  seconds < 60
    ? plural(Math.max(1, Math.ceil(seconds)), 'second')
    : plural(Math.ceil(seconds / 60), 'minute');
