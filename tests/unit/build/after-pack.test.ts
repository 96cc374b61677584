import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeElectronBinary,
  writeFakePackagedApp,
  type FakePlatform,
} from '../../fixtures/build/fake-electron-binary';

interface HookContext {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName: string };
}
type AfterPack = ((context: HookContext) => Promise<void>) & {
  fuseConfig: (
    context: HookContext,
    env: Record<string, string | undefined>,
  ) => Record<string, unknown>;
};

// electron-builder require()s the hook, so the test loads it the same way.
const afterPack = createRequire(import.meta.url)('../../../build/after-pack.cjs') as AfterPack;

const NAMES = { productFilename: 'Field Installer', executableName: 'field-installer' };
const X64 = 1;
const ARM64 = 3;

let dir: string;
const savedEnv = process.env.FIELD_INSTALLER_TEST_BUILD;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-afterpack-'));
  delete process.env.FIELD_INSTALLER_TEST_BUILD;
});

afterEach(async () => {
  if (savedEnv === undefined) delete process.env.FIELD_INSTALLER_TEST_BUILD;
  else process.env.FIELD_INSTALLER_TEST_BUILD = savedEnv;
  await rm(dir, { recursive: true, force: true });
});

const pack = async (platform: FakePlatform) => {
  const binary = await writeFakePackagedApp(dir, platform, NAMES);
  const context = {
    appOutDir: dir,
    electronPlatformName: platform,
    arch: X64,
    packager: {
      appInfo: { productFilename: NAMES.productFilename },
      executableName: NAMES.executableName,
    },
  };
  await afterPack(context);
  // For macOS @electron/fuses takes the .app bundle and finds the framework binary itself.
  return platform === 'darwin' ? join(dir, `${NAMES.productFilename}.app`) : binary;
};

// @electron/fuses stores ASCII '1' / '0' (its FuseState enum is not exported).
const ENABLE = '1'.charCodeAt(0);
const DISABLE = '0'.charCodeAt(0);

describe('afterPack fuses hook', () => {
  it.each<FakePlatform>(['linux', 'win32', 'darwin'])(
    'flips the security fuses in the %s binary',
    async (platform) => {
      const binary = await pack(platform);
      const wire = await getCurrentFuseWire(binary);
      expect(wire[FuseV1Options.RunAsNode]).toBe(DISABLE);
      expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(ENABLE);
      expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(DISABLE);
      expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(DISABLE);
      expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ENABLE);
      expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ENABLE);
      // The UI comes from app://; file:// pages must not get Chromium's extra file privileges.
      expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(DISABLE);
    },
  );

  it('changes only the fuse bytes and leaves unknown newer fuses alone', async () => {
    const binary = await pack('linux');
    const before = fakeElectronBinary();
    const after = await readFile(binary);
    expect(after.length).toBe(before.length);
    const changed = [...after.keys()].filter((i) => after[i] !== before[i]);
    const wireStart = before.indexOf('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX') + 32 + 2;
    expect(changed.every((i) => i >= wireStart && i < wireStart + 8)).toBe(true);
    const wire = await getCurrentFuseWire(binary);
    expect(wire[8 as FuseV1Options]).toBe(ENABLE);
    // Fuses we do not configure keep Electron's defaults.
    expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(DISABLE);
  });

  it('keeps the inspector fuse on for a Playwright test build (FIELD_INSTALLER_TEST_BUILD=1)', async () => {
    process.env.FIELD_INSTALLER_TEST_BUILD = '1';
    const wire = await getCurrentFuseWire(await pack('linux'));
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(ENABLE);
    // Everything else stays locked down even in a test build.
    expect(wire[FuseV1Options.RunAsNode]).toBe(DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(DISABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ENABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(DISABLE);
  });

  it('treats any other value of the test-build variable as a release build', () => {
    const context = {
      appOutDir: dir,
      electronPlatformName: 'linux',
      arch: X64,
      packager: { appInfo: NAMES, executableName: NAMES.executableName },
    };
    for (const value of ['true', '0', 'yes', '']) {
      const config = afterPack.fuseConfig(context, { FIELD_INSTALLER_TEST_BUILD: value });
      expect(config[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    }
  });

  it('re-signs ad hoc only for macOS arm64 (where a rewritten binary would not start)', () => {
    const base = {
      appOutDir: dir,
      packager: { appInfo: NAMES, executableName: NAMES.executableName },
    };
    const reset = (electronPlatformName: string, arch: number) =>
      afterPack.fuseConfig({ ...base, electronPlatformName, arch }, {}).resetAdHocDarwinSignature;
    expect(reset('darwin', ARM64)).toBe(true);
    expect(reset('darwin', X64)).toBe(false);
    expect(reset('linux', ARM64)).toBe(false);
    expect(reset('win32', ARM64)).toBe(false);
  });

  it('fails the build when the binary has no fuse wire', async () => {
    await writeFakePackagedApp(dir, 'linux', NAMES);
    const context = {
      appOutDir: dir,
      electronPlatformName: 'linux',
      arch: X64,
      packager: { appInfo: NAMES, executableName: 'missing-binary' },
    };
    await expect(afterPack(context)).rejects.toThrow();
  });
});
