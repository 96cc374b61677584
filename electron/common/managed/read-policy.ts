/**
 * Reads the managed settings of the OS the app runs on:
 * - Windows: `reg query HKLM\Software\Policies\FieldInstaller` (ADMX template in build/policy).
 * - macOS: `/Library/Managed Preferences/<bundle id>.plist`, written by a configuration
 *   profile (MDM), converted by the system's `plutil -convert json` (these files are often
 *   binary plists, which a JavaScript XML-plist parser cannot read).
 * - Linux: `/etc/field-installer/policy.json`.
 * Nothing there = not managed. A file or key that cannot be read or is invalid = a problem
 * line (the caller logs it) and not managed; never a crash.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { ManagedSource } from '../../contract';
import { NOT_MANAGED, readPolicyValues, type PolicyReading } from './policy';
import { parseRegQuery, POLICY_REGISTRY_KEY } from './reg-query';

const run = promisify(execFile);

export const LINUX_POLICY_FILE = '/etc/field-installer/policy.json';
export const macPolicyFile = (bundleId: string): string =>
  `/Library/Managed Preferences/${bundleId}.plist`;

export interface PolicyHost {
  platform: NodeJS.Platform;
  bundleId: string;
  /** Runs a program; resolves with stdout (replaced in tests). */
  exec?: (file: string, args: string[]) => Promise<string>;
  readText?: (file: string) => Promise<string>;
  linuxFile?: string;
}

const isMissing = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';

const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200) ?? '';

export const readManagedSettings = async (host: PolicyHost): Promise<PolicyReading> => {
  const exec =
    host.exec ??
    (async (file: string, args: string[]) =>
      (await run(file, args, { timeout: 10_000, windowsHide: true })).stdout);
  const readText = host.readText ?? ((file: string) => readFile(file, 'utf8'));

  if (host.platform === 'win32') {
    const source: ManagedSource = { kind: 'windows-policy', where: POLICY_REGISTRY_KEY };
    let output: string;
    try {
      output = await exec('reg', ['query', POLICY_REGISTRY_KEY]);
    } catch {
      // reg exits 1 when the key does not exist: not managed.
      return { settings: NOT_MANAGED, problems: [] };
    }
    return readPolicyValues(parseRegQuery(output), source);
  }

  if (host.platform === 'darwin') {
    const file = macPolicyFile(host.bundleId);
    const source: ManagedSource = { kind: 'macos-profile', where: file };
    let json: string;
    try {
      await readText(file); // only to tell "no profile" from "cannot convert"
    } catch (error) {
      if (isMissing(error)) return { settings: NOT_MANAGED, problems: [] };
      return {
        settings: NOT_MANAGED,
        problems: [`${file}: could not be read: ${describe(error)}`],
      };
    }
    try {
      json = await exec('plutil', ['-convert', 'json', '-o', '-', file]);
      return readPolicyValues(JSON.parse(json), source);
    } catch (error) {
      return {
        settings: NOT_MANAGED,
        problems: [`${file}: could not be read: ${describe(error)}`],
      };
    }
  }

  const file = host.linuxFile ?? LINUX_POLICY_FILE;
  const source: ManagedSource = { kind: 'linux-file', where: file };
  let text: string;
  try {
    text = await readText(file);
  } catch (error) {
    if (isMissing(error)) return { settings: NOT_MANAGED, problems: [] };
    return { settings: NOT_MANAGED, problems: [`${file}: could not be read: ${describe(error)}`] };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { settings: NOT_MANAGED, problems: [`${file}: not valid JSON: ${describe(error)}`] };
  }
  return readPolicyValues(parsed, source);
};
