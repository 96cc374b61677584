/**
 * How the test commands get a keychain of their own on each OS (tests/with-keychain.mjs runs
 * this plan). Linux: tests/with-keychain.sh starts a private D-Bus session with an unlocked
 * gnome-keyring — always, also in a desktop terminal where DBUS_SESSION_BUS_ADDRESS points at
 * the developer's own session — so nothing touches the developer's keyring. Where that cannot
 * be started (no dbus-run-session or gnome-keyring-daemon), and on macOS and Windows, which
 * have no throwaway keychain, the tests use the developer's keychain under a service name of
 * their own (FIELD_INSTALLER_KEYCHAIN_SERVICE), fresh for every run and emptied afterwards, so
 * a run never reads or overwrites the app's real entries.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export const SERVICE_ENV = 'FIELD_INSTALLER_KEYCHAIN_SERVICE';

/** The programs the private Linux session needs. */
export const LINUX_SESSION_TOOLS = ['dbus-run-session', 'gnome-keyring-daemon'];

/**
 * @param {string} tool
 * @param {Record<string, string | undefined>} env
 */
export const onPath = (tool, env) =>
  (env.PATH ?? '').split(delimiter).some((dir) => {
    if (dir === '') return false;
    try {
      accessSync(join(dir, tool), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/**
 * @param {{ platform: NodeJS.Platform, env: Record<string, string | undefined>, random?: () => string, has?: (tool: string) => boolean }} input
 * @returns {{ kind: 'linux-session' } | { kind: 'service', service: string, env: Record<string, string> }}
 */
export const keychainPlan = ({
  platform,
  env,
  random = () => randomBytes(6).toString('hex'),
  has = (tool) => onPath(tool, env),
}) => {
  if (platform === 'linux' && LINUX_SESSION_TOOLS.every(has)) return { kind: 'linux-session' };
  // A name given by the caller (a nested run) is kept, so parent and child share it.
  const service = env[SERVICE_ENV] || `field-installer-test-${random()}`;
  return { kind: 'service', service, env: { [SERVICE_ENV]: service } };
};
