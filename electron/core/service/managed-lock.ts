/**
 * The IT department's `LockApiBaseUrl` held in the core, not only in the UI: every operation
 * whose input carries a `baseUrl` (today signIn and checkConnection; one found in the contract
 * later is covered too, since create-core runs this on every parsed input) is refused before
 * any request when that URL is not the managed one. URLs are compared normalized (scheme and
 * host case, default port, trailing slash), so the managed URL typed with a slash is accepted.
 */
import type { ManagedSettings } from '../../shared';
import { validateBaseUrl } from '../api/base-url';
import { AppError } from '../app-error';

const normalized = (url: string): string | null => {
  try {
    return validateBaseUrl(url);
  } catch {
    return null;
  }
};

/** True when `baseUrl` may be used under `managed`. */
export const baseUrlAllowed = (managed: ManagedSettings, baseUrl: string): boolean => {
  if (!managed.apiBaseUrlLocked || managed.apiBaseUrl === null) return true;
  const wanted = normalized(managed.apiBaseUrl);
  return wanted !== null && normalized(baseUrl) === wanted;
};

/** Throws the managed_base_url error when `input` names a base URL the policy does not allow. */
export function enforceManagedBaseUrl(managed: ManagedSettings, input: unknown): void {
  if (typeof input !== 'object' || input === null || !('baseUrl' in input)) return;
  const { baseUrl } = input;
  if (typeof baseUrl !== 'string' || baseUrlAllowed(managed, baseUrl)) return;
  throw new AppError({
    kind: 'validation',
    code: 'managed_base_url',
    params: { url: managed.apiBaseUrl ?? '' },
    fields: { baseUrl: { rule: 'base_url_managed', code: 'invalid' } },
  });
}
