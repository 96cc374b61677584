/**
 * How the test commands get a keychain of their own on each OS (tests/with-keychain.mjs runs
 * this plan). Linux: tests/with-keychain.sh starts a private D-Bus session with an unlocked
 * gnome-keyring, so nothing touches the developer's keyring. macOS and Windows have no such
 * throwaway keychain: there the tests use the developer's Keychain / Credential Manager under
 * a service name of their own (FIELD_INSTALLER_KEYCHAIN_SERVICE), fresh for every run and
 * emptied afterwards, so a run never reads or overwrites the app's real entries.
 */
import { randomBytes } from 'node:crypto';

export const SERVICE_ENV = 'FIELD_INSTALLER_KEYCHAIN_SERVICE';

/**
 * @param {{ platform: NodeJS.Platform, env: Record<string, string | undefined>, random?: () => string }} input
 * @returns {{ kind: 'linux-session' } | { kind: 'service', service: string, env: Record<string, string> }}
 */
export const keychainPlan = ({ platform, env, random = () => randomBytes(6).toString('hex') }) => {
  if (platform === 'linux') return { kind: 'linux-session' };
  // A name given by the caller (a nested run) is kept, so parent and child share it.
  const service = env[SERVICE_ENV] || `field-installer-test-${random()}`;
  return { kind: 'service', service, env: { [SERVICE_ENV]: service } };
};
