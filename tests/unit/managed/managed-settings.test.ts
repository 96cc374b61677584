import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOT_MANAGED, readPolicyValues } from '../../../electron/common/managed/policy';
import { macPolicyFile, readManagedSettings } from '../../../electron/common/managed/read-policy';
import { parseRegQuery, policyKeyListed, regExe } from '../../../electron/common/managed/reg-query';

/** Captured from `reg query HKLM\Software\Policies\FieldInstaller` on Windows 11 (CRLF). */
const REG_QUERY_OUTPUT = [
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\FieldInstaller',
  '    ApiBaseUrl    REG_SZ    https://api.example.com/v1',
  '    LockApiBaseUrl    REG_DWORD    0x1',
  '    UpdateUrl    REG_SZ    https://updates.example.com/field-installer',
  '    UpdatesEnabled    REG_DWORD    0x0',
  '    Binary    REG_BINARY    0102',
  '',
].join('\r\n');

/** `plutil -convert json -o - "/Library/Managed Preferences/com.fieldinstaller.app.plist"`. */
const PLUTIL_JSON =
  '{"ApiBaseUrl":"https:\\/\\/api.example.com\\/v1","LockApiBaseUrl":true,"UpdatesEnabled":false}';

describe('managed settings: sources parsed for real', () => {
  it('parses reg query output (strings, DWORDs in hex; other types skipped)', () => {
    expect(parseRegQuery(REG_QUERY_OUTPUT)).toEqual({
      ApiBaseUrl: 'https://api.example.com/v1',
      LockApiBaseUrl: 1,
      UpdateUrl: 'https://updates.example.com/field-installer',
      UpdatesEnabled: 0,
    });
    expect(parseRegQuery('    Name With Spaces    REG_SZ    a value  with  spaces')).toEqual({
      'Name With Spaces': 'a value  with  spaces',
    });
    expect(
      parseRegQuery('ERROR: The system was unable to find the specified registry key'),
    ).toEqual({});
  });

  /** `reg query <hive>\Software\Policies`: subkeys as full paths (captured, Windows 11). */
  const policiesListing = (hive: string, withOurs: boolean) =>
    [
      '',
      `${hive}\\Software\\Policies\\Adobe`,
      ...(withOurs ? [`${hive}\\Software\\Policies\\FieldInstaller`] : []),
      `${hive}\\Software\\Policies\\Microsoft`,
      '',
    ].join('\r\n');
  const HKCU_VALUES = [
    '',
    'HKEY_CURRENT_USER\\Software\\Policies\\FieldInstaller',
    '    ApiBaseUrl    REG_SZ    https://user.example.com/v1',
    '    UpdateUrl    REG_SZ    https://updates.example.com/user-feed',
    // The accuracy audit's minimum sample as Group Policy writes it (REG_DWORD, hex).
    '    AuditMinimumCrossings    REG_DWORD    0x3c',
    '    AuditAccuracyPercent    REG_DWORD    0x1f4',
    // The pass rule as the ADMX's list writes it (REG_SZ).
    '    AuditPassRule    REG_SZ    lower_bound',
    '',
  ].join('\r\n');
  const REG = 'C:\\Windows\\System32\\reg.exe';

  /** A fake reg.exe answering from a table (`reg` cannot run here). */
  const fakeReg = (answers: Record<string, string | Error>) => {
    const calls: string[][] = [];
    const exec = async (file: string, args: string[]) => {
      calls.push([file, ...args]);
      const answer = answers[args[1] ?? ''];
      if (answer === undefined) throw new Error(`unexpected ${args.join(' ')}`);
      if (answer instanceof Error) throw answer;
      return answer;
    };
    return { calls, exec };
  };

  it('reads HKLM then HKCU through %SystemRoot%\\System32\\reg.exe; machine-wide wins key by key', async () => {
    const { calls, exec } = fakeReg({
      'HKLM\\Software\\Policies': policiesListing('HKEY_LOCAL_MACHINE', true),
      'HKLM\\Software\\Policies\\FieldInstaller': REG_QUERY_OUTPUT.replace(
        /^ {4}UpdateUrl.*\r\n/m,
        '',
      ),
      'HKCU\\Software\\Policies': policiesListing('HKEY_CURRENT_USER', true),
      'HKCU\\Software\\Policies\\FieldInstaller': HKCU_VALUES,
    });
    const reading = await readManagedSettings({
      platform: 'win32',
      bundleId: 'com.fieldinstaller.app',
      env: { SystemRoot: 'C:\\Windows' },
      exec,
    });
    expect(calls).toEqual([
      [REG, 'query', 'HKLM\\Software\\Policies'],
      [REG, 'query', 'HKLM\\Software\\Policies\\FieldInstaller'],
      [REG, 'query', 'HKCU\\Software\\Policies'],
      [REG, 'query', 'HKCU\\Software\\Policies\\FieldInstaller'],
    ]);
    expect(reading).toEqual({
      settings: {
        source: {
          kind: 'windows-policy',
          where:
            'HKLM\\Software\\Policies\\FieldInstaller + HKCU\\Software\\Policies\\FieldInstaller',
        },
        apiBaseUrl: 'https://api.example.com/v1', // HKLM's, not the user's
        apiBaseUrlLocked: true,
        updateUrl: 'https://updates.example.com/user-feed', // only the user set it
        updatesEnabled: false,
        photoMaxSide: null,
        quality: NOT_MANAGED.quality,
        auditPercent: null, // 500 % is no pass mark: ignored, and said
        auditMinCrossings: 60,
        auditMinMinutes: null,
        auditPassRule: 'lower_bound',
      },
      problems: [expect.stringMatching(/AuditAccuracyPercent ignored/)],
    });
  });

  it('a per-user policy alone is read (HKCU only)', async () => {
    const { exec } = fakeReg({
      'HKLM\\Software\\Policies': policiesListing('HKEY_LOCAL_MACHINE', false),
      'HKCU\\Software\\Policies': policiesListing('HKEY_CURRENT_USER', true),
      'HKCU\\Software\\Policies\\FieldInstaller': HKCU_VALUES,
    });
    const reading = await readManagedSettings({ platform: 'win32', bundleId: 'x', env: {}, exec });
    expect(reading.settings).toMatchObject({
      source: { kind: 'windows-policy', where: 'HKCU\\Software\\Policies\\FieldInstaller' },
      apiBaseUrl: 'https://user.example.com/v1',
    });
  });

  it('no FieldInstaller key in either hive: not managed, nothing to report', async () => {
    const { exec } = fakeReg({
      'HKLM\\Software\\Policies': policiesListing('HKEY_LOCAL_MACHINE', false),
      'HKCU\\Software\\Policies': policiesListing('HKEY_CURRENT_USER', false),
    });
    const reading = await readManagedSettings({ platform: 'win32', bundleId: 'x', env: {}, exec });
    expect(reading).toEqual({ settings: NOT_MANAGED, problems: [] });
  });

  it('a registry read that fails is a problem with its reason, not "not managed" in silence', async () => {
    const { exec } = fakeReg({
      'HKLM\\Software\\Policies': Object.assign(
        new Error('spawn C:\\Windows\\System32\\reg.exe EACCES'),
        {
          code: 'EACCES',
        },
      ),
      'HKCU\\Software\\Policies': policiesListing('HKEY_CURRENT_USER', true),
      'HKCU\\Software\\Policies\\FieldInstaller': new Error(
        'Command failed: reg query\nERROR: Access is denied.',
      ),
    });
    const reading = await readManagedSettings({ platform: 'win32', bundleId: 'x', env: {}, exec });
    expect(reading.settings).toEqual(NOT_MANAGED);
    expect(reading.problems).toEqual([
      'HKLM\\Software\\Policies: could not be read: spawn C:\\Windows\\System32\\reg.exe EACCES',
      'HKCU\\Software\\Policies\\FieldInstaller: could not be read: Command failed: reg query',
    ]);
  });

  it('finds reg.exe under %SystemRoot%, never through PATH', () => {
    expect(regExe({ SystemRoot: 'D:\\WINDOWS' })).toBe('D:\\WINDOWS\\System32\\reg.exe');
    expect(regExe({})).toBe('C:\\Windows\\System32\\reg.exe');
    expect(policyKeyListed(policiesListing('HKEY_LOCAL_MACHINE', true))).toBe(true);
    expect(policyKeyListed('HKEY_LOCAL_MACHINE\\Software\\Policies\\fieldinstaller')).toBe(true);
    expect(policyKeyListed('HKEY_LOCAL_MACHINE\\Software\\Policies\\FieldInstallerOld')).toBe(
      false,
    );
    expect(policyKeyListed('ERROR: The system was unable to find the specified registry key')).toBe(
      false,
    );
  });

  const USER_PLUTIL_JSON =
    '{"ApiBaseUrl":"https:\\/\\/user.example.com\\/v1","UpdateUrl":"https:\\/\\/updates.example.com\\/mac"}';

  it('reads the machine-wide, then the user-level macOS profile through /usr/bin/plutil; machine-wide wins', async () => {
    const machine = macPolicyFile('com.fieldinstaller.app');
    const user = macPolicyFile('com.fieldinstaller.app', 'tech');
    expect(machine).toBe('/Library/Managed Preferences/com.fieldinstaller.app.plist');
    expect(user).toBe('/Library/Managed Preferences/tech/com.fieldinstaller.app.plist');
    const calls: string[][] = [];
    const reading = await readManagedSettings({
      platform: 'darwin',
      bundleId: 'com.fieldinstaller.app',
      user: 'tech',
      readText: async () => 'bplist00…',
      exec: async (command, args) => {
        calls.push([command, ...args]);
        return args.at(-1) === machine ? PLUTIL_JSON : USER_PLUTIL_JSON;
      },
    });
    expect(calls).toEqual([
      ['/usr/bin/plutil', '-convert', 'json', '-o', '-', machine],
      ['/usr/bin/plutil', '-convert', 'json', '-o', '-', user],
    ]);
    expect(reading.settings).toEqual({
      source: { kind: 'macos-profile', where: `${machine} + ${user}` },
      apiBaseUrl: 'https://api.example.com/v1',
      apiBaseUrlLocked: true,
      updateUrl: 'https://updates.example.com/mac',
      updatesEnabled: false,
      photoMaxSide: null,
      quality: NOT_MANAGED.quality,
      auditPercent: null,
      auditMinCrossings: null,
      auditMinMinutes: null,
      auditPassRule: null,
    });
  });

  it('a macOS laptop without a profile is not managed', async () => {
    const missing = Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    const reading = await readManagedSettings({
      platform: 'darwin',
      bundleId: 'com.fieldinstaller.app',
      user: 'tech',
      readText: () => Promise.reject(missing),
      exec: () => Promise.reject(new Error('must not run')),
    });
    expect(reading).toEqual({ settings: NOT_MANAGED, problems: [] });
  });

  it('a profile plutil cannot convert is a problem with its reason; the other profile still counts', async () => {
    const machine = macPolicyFile('com.fieldinstaller.app');
    const reading = await readManagedSettings({
      platform: 'darwin',
      bundleId: 'com.fieldinstaller.app',
      user: 'tech',
      readText: async () => 'bplist00…',
      exec: async (_command, args) => {
        if (args.at(-1) === machine) throw new Error('Command failed: plutil: Property List error');
        return USER_PLUTIL_JSON;
      },
    });
    expect(reading.problems).toEqual([
      `${machine}: could not be read: Command failed: plutil: Property List error`,
    ]);
    expect(reading.settings.apiBaseUrl).toBe('https://user.example.com/v1');
  });

  describe('Linux policy file (real files)', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'fi-policy-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const read = (text: string | null) => {
      const file = join(dir, 'policy.json');
      if (text !== null) writeFileSync(file, text);
      return readManagedSettings({ platform: 'linux', bundleId: 'x', linuxFile: file });
    };

    it('reads a valid file', async () => {
      const reading = await read(
        JSON.stringify({ ApiBaseUrl: 'https://api.example.com/v1', UpdatesEnabled: false }),
      );
      expect(reading.problems).toEqual([]);
      expect(reading.settings).toMatchObject({
        source: { kind: 'linux-file', where: join(dir, 'policy.json') },
        apiBaseUrl: 'https://api.example.com/v1',
        apiBaseUrlLocked: false,
        updatesEnabled: false,
      });
    });

    it('no file: not managed, no problem', async () => {
      expect(await read(null)).toEqual({ settings: NOT_MANAGED, problems: [] });
    });

    it('broken JSON: not managed, one clear problem line, no throw', async () => {
      const reading = await read('{"ApiBaseUrl": ');
      expect(reading.settings).toEqual(NOT_MANAGED);
      expect(reading.problems).toHaveLength(1);
      expect(reading.problems[0]).toMatch(/policy\.json: not valid JSON/);
    });

    it('bad values are ignored one by one, the good ones kept', async () => {
      const reading = await read(
        JSON.stringify({
          ApiBaseUrl: 'http://api.example.com/v1',
          LockApiBaseUrl: true,
          UpdateUrl: 'https://updates.example.com',
          UpdatesEnabled: 'no',
          Surprise: 1,
        }),
      );
      expect(reading.settings).toMatchObject({
        apiBaseUrl: null,
        apiBaseUrlLocked: false, // nothing to lock
        updateUrl: 'https://updates.example.com',
        updatesEnabled: null,
      });
      expect(reading.problems.join('\n')).toMatch(/ApiBaseUrl ignored: must start with https/);
      expect(reading.problems.join('\n')).toMatch(/UpdatesEnabled ignored/);
      expect(reading.problems.join('\n')).toMatch(/unknown policy "Surprise"/);
    });

    it.each(['[]', '"text"', 'null', '42'])(
      'not an object (%s): a problem, not managed',
      async (text) => {
        const reading = await read(text);
        expect(reading.settings).toEqual(NOT_MANAGED);
        expect(reading.problems).toHaveLength(1);
      },
    );
  });

  it('FullRefreshHours: whole hours from 1 to 720, from the registry or a file; anything else is named and ignored', () => {
    const where = { kind: 'windows-policy', where: 'HKLM' } as const;
    expect(readPolicyValues({ FullRefreshHours: 48 }, where).settings.fullRefreshHours).toBe(48);
    for (const bad of [0, 721, 1.5, '24']) {
      const reading = readPolicyValues({ FullRefreshHours: bad }, where);
      expect(reading.settings.fullRefreshHours).toBeUndefined();
      expect(reading.problems.join('\n')).toMatch(/FullRefreshHours ignored/);
    }
  });

  it('a lock without a URL locks nothing', () => {
    const { settings } = readPolicyValues(
      { LockApiBaseUrl: 1 },
      { kind: 'windows-policy', where: 'HKLM' },
    );
    expect(settings.apiBaseUrlLocked).toBe(false);
  });

  it('PhotoMaxSide: whole pixels from 320 to 4096 (a DWORD or a number); anything else is named and ignored', () => {
    const where = { kind: 'windows-policy' as const, where: 'HKLM' };
    expect(readPolicyValues({ PhotoMaxSide: 0x320 }, where).settings.photoMaxSide).toBe(800);
    for (const bad of [100, 5000, 800.5, '800']) {
      const reading = readPolicyValues({ PhotoMaxSide: bad }, where);
      expect(reading.settings.photoMaxSide).toBeNull();
      expect(reading.problems.join('\n')).toMatch(/PhotoMaxSide ignored/);
    }
  });
});
