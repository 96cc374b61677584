/**
 * Windows Group Policy through the system's own `reg.exe`, by absolute path. Lines of
 * `reg query HKLM\Software\Policies\FieldInstaller` look like
 * `    ApiBaseUrl    REG_SZ    https://api.example.com/v1`; the separator is four spaces.
 * REG_DWORD values are hex (`0x1`). Other types are skipped.
 *
 * Why reg.exe and not an npm registry library: native-reg and registry-js are native addons
 * (a build or prebuild per Electron arch, unpacked from the asar, and a Windows-only package in
 * a lockfile shared with Linux and macOS); @vscode/windows-registry reads strings only, not the
 * DWORDs Group Policy writes; winreg runs this same reg.exe and parses this same output (and
 * finds it through %windir%), so it would add a dependency and nothing else; regedit runs
 * VBScript through cscript, which Windows is phasing out. Four values and one parser of a
 * format that has not changed since Windows XP cost less than any of those.
 */
import { win32 } from 'node:path';

/** Machine-wide first: it wins over the user's, key by key. */
export const POLICY_HIVES = ['HKLM', 'HKCU'] as const;
type Hive = (typeof POLICY_HIVES)[number];

const POLICY_KEY_NAME = 'FieldInstaller';
export const policiesKey = (hive: Hive): string => `${hive}\\Software\\Policies`;
export const policyRegistryKey = (hive: Hive): string => `${policiesKey(hive)}\\${POLICY_KEY_NAME}`;

/** %SystemRoot%\System32\reg.exe: never a reg.exe found through PATH or the current folder. */
export const regExe = (env: Record<string, string | undefined>): string =>
  win32.join(env.SystemRoot ?? env.windir ?? 'C:\\Windows', 'System32', 'reg.exe');

const LINE = /^\s{2,}(\S(?:.*?\S)?)\s{4}(REG_SZ|REG_EXPAND_SZ|REG_DWORD)\s{4}(.*?)\s*$/;

/** Value names are the registry's text: a Map, then Object.fromEntries (own keys, whatever
 * their name — "__proto__" included). */
export const parseRegQuery = (output: string): Record<string, string | number> => {
  const values = new Map<string, string | number>();
  for (const line of output.split(/\r?\n/)) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, name = '', type, data = ''] = match;
    if (type === 'REG_DWORD') {
      const number = Number.parseInt(data, 16);
      if (/^0x[0-9a-f]+$/i.test(data) && Number.isSafeInteger(number)) values.set(name, number);
    } else {
      values.set(name, data);
    }
  }
  return Object.fromEntries(values);
};

/**
 * Whether `reg query <hive>\Software\Policies` lists the FieldInstaller subkey: its subkeys are
 * printed one per line as full paths (`HKEY_LOCAL_MACHINE\Software\Policies\FieldInstaller`),
 * which unlike reg's messages are never translated. Registry names ignore case.
 */
export const policyKeyListed = (listing: string): boolean =>
  listing
    .split(/\r?\n/)
    .some(
      (line) =>
        /^HKEY_[A-Z_]+\\/.test(line.trim()) &&
        line.trim().split('\\').at(-1)?.toLowerCase() === POLICY_KEY_NAME.toLowerCase(),
    );
