/**
 * Reads the managed settings of the OS the app runs on, machine-wide first, then the user's
 * (machine-wide wins, key by key):
 * - Windows: `HKLM\Software\Policies\FieldInstaller`, then the same key under HKCU (Group
 *   Policy's user configuration; ADMX template in build/policy).
 * - macOS: `/Library/Managed Preferences/<bundle id>.plist`, then
 *   `/Library/Managed Preferences/<user>/<bundle id>.plist`, written by configuration profiles
 *   (MDM) and converted by the system's `plutil -convert json` (these files are often binary
 *   plists, which a JavaScript XML-plist parser cannot read).
 * - Linux: `/etc/field-installer/policy.json`.
 * Nothing there = not managed. A source that exists but cannot be read, or a value that is
 * invalid, is a problem line (the caller logs it, with the reason) and is ignored; never a crash.
 * The helpers are run by absolute path (%SystemRoot%\System32\reg.exe, /usr/bin/plutil), never
 * looked up through PATH or the current folder.
 */
import { execFile } from 'node:child_process';
import { userInfo } from 'node:os';
import { promisify } from 'node:util';
import type { ManagedSource } from '../../shared';
import { OutsideFileError, readOutsideText } from '../outside-file';
import {
  mergePolicyLayers,
  validatePolicyValues,
  type PolicyReading,
  type PolicyValues,
} from './policy';
import {
  policyKeyListed,
  parseRegQuery,
  POLICY_HIVES,
  policyRegistryKey,
  policiesKey,
  regExe,
} from './reg-query';

const run = promisify(execFile);

const LINUX_POLICY_FILE = '/etc/field-installer/policy.json';
/** A policy is a few dozen settings: a file far larger than this is not one. */
export const MAX_POLICY_BYTES = 64 * 1024;
const PLUTIL = '/usr/bin/plutil';
export const macPolicyFile = (bundleId: string, user?: string): string =>
  user === undefined
    ? `/Library/Managed Preferences/${bundleId}.plist`
    : `/Library/Managed Preferences/${user}/${bundleId}.plist`;

export interface PolicyHost {
  platform: NodeJS.Platform;
  bundleId: string;
  /** Runs a program; resolves with stdout (replaced in tests). */
  exec?: (file: string, args: string[]) => Promise<string>;
  readText?: (file: string) => Promise<string>;
  linuxFile?: string;
  /** %SystemRoot% on Windows (reg.exe's folder); process.env by default. */
  env?: Record<string, string | undefined>;
  /** The macOS user whose managed preferences are read; the current one by default. */
  user?: string;
}

const isMissing = (error: unknown): boolean =>
  error instanceof OutsideFileError
    ? error.problem === 'ENOENT'
    : typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';

const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200) ?? '';

interface Layer {
  where: string;
  values: PolicyValues;
}
/** One source: its values, what was wrong with it, or null when it is not there. */
type SourceReading = { layer: Layer | null; problems: string[] };

const readRegistryHive = async (
  exec: (file: string, args: string[]) => Promise<string>,
  reg: string,
  hive: (typeof POLICY_HIVES)[number],
): Promise<SourceReading> => {
  const parent = policiesKey(hive);
  const key = policyRegistryKey(hive);
  // `reg query` exits 1 both for a missing key and for a real failure, with a localized
  // message: listing the parent (which exists on every Windows) tells "not there" apart.
  let listing: string;
  try {
    listing = await exec(reg, ['query', parent]);
  } catch (error) {
    return { layer: null, problems: [`${parent}: could not be read: ${describe(error)}`] };
  }
  if (!policyKeyListed(listing)) return { layer: null, problems: [] };
  try {
    const { values, problems } = validatePolicyValues(
      parseRegQuery(await exec(reg, ['query', key])),
      key,
    );
    return { layer: { where: key, values }, problems };
  } catch (error) {
    return { layer: null, problems: [`${key}: could not be read: ${describe(error)}`] };
  }
};

const readPlist = async (
  exec: (file: string, args: string[]) => Promise<string>,
  readText: (file: string) => Promise<string>,
  file: string,
): Promise<SourceReading> => {
  try {
    await readText(file); // to tell "no profile" from "cannot convert", and a regular file of its size
  } catch (error) {
    if (isMissing(error)) return { layer: null, problems: [] };
    return { layer: null, problems: [`${file}: could not be read: ${describe(error)}`] };
  }
  try {
    const json = await exec(PLUTIL, ['-convert', 'json', '-o', '-', file]);
    const { values, problems } = validatePolicyValues(JSON.parse(json), file);
    return { layer: { where: file, values }, problems };
  } catch (error) {
    return { layer: null, problems: [`${file}: could not be read: ${describe(error)}`] };
  }
};

const readLinuxFile = async (
  readText: (file: string) => Promise<string>,
  file: string,
): Promise<SourceReading> => {
  let text: string;
  try {
    text = await readText(file);
  } catch (error) {
    if (isMissing(error)) return { layer: null, problems: [] };
    return { layer: null, problems: [`${file}: could not be read: ${describe(error)}`] };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { layer: null, problems: [`${file}: not valid JSON: ${describe(error)}`] };
  }
  const { values, problems } = validatePolicyValues(parsed, file);
  return { layer: { where: file, values }, problems };
};

const combine = (kind: ManagedSource['kind'], readings: SourceReading[]): PolicyReading => ({
  settings: mergePolicyLayers(
    kind,
    readings.flatMap((r) => (r.layer ? [r.layer] : [])),
  ),
  problems: readings.flatMap((r) => r.problems),
});

export const readManagedSettings = async (host: PolicyHost): Promise<PolicyReading> => {
  const exec =
    host.exec ??
    (async (file: string, args: string[]) =>
      (await run(file, args, { timeout: 10_000, windowsHide: true })).stdout);
  // A regular file, read up to its limit (common/outside-file.ts): a FIFO or a link to
  // /dev/zero placed there is a problem line, never a start that hangs.
  const readText = host.readText ?? ((file: string) => readOutsideText(file, MAX_POLICY_BYTES));

  if (host.platform === 'win32') {
    const reg = regExe(host.env ?? process.env);
    // Machine-wide first: it wins over the user's, key by key.
    const readings: SourceReading[] = [];
    for (const hive of POLICY_HIVES) readings.push(await readRegistryHive(exec, reg, hive));
    return combine('windows-policy', readings);
  }

  if (host.platform === 'darwin') {
    const user = host.user ?? userInfo().username;
    return combine('macos-profile', [
      await readPlist(exec, readText, macPolicyFile(host.bundleId)),
      await readPlist(exec, readText, macPolicyFile(host.bundleId, user)),
    ]);
  }

  return combine('linux-file', [
    await readLinuxFile(readText, host.linuxFile ?? LINUX_POLICY_FILE),
  ]);
};
