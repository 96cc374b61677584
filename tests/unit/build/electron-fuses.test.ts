/**
 * The fuses, set through electron-builder's own `electronFuses` option: its own mapping
 * (PlatformPackager.generateFuseConfig, the code a build runs) turned into a fuse config,
 * flipped by @electron/fuses into a fixture binary carrying a real fuse wire, and read back.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flipFuses, FuseV1Options, getCurrentFuseWire, type FuseConfig } from '@electron/fuses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeElectronBinary,
  writeFakePackagedApp,
  type FakePlatform,
} from '../../fixtures/build/fake-electron-binary';

const require = createRequire(import.meta.url);
const CONFIG = require.resolve('../../../build/electron-builder.config.cjs');
const { PlatformPackager } = require('app-builder-lib') as {
  PlatformPackager: { prototype: { generateFuseConfig(fuses: unknown): Promise<FuseConfig> } };
};

/** Loads the config as electron-builder does, with the given test-build variable. */
const loadConfig = (testBuild?: string): { electronFuses: Record<string, unknown> } => {
  const saved = process.env.FIELD_INSTALLER_TEST_BUILD;
  if (testBuild === undefined) delete process.env.FIELD_INSTALLER_TEST_BUILD;
  else process.env.FIELD_INSTALLER_TEST_BUILD = testBuild;
  try {
    delete require.cache[CONFIG];
    return require(CONFIG) as { electronFuses: Record<string, unknown> };
  } finally {
    if (saved === undefined) delete process.env.FIELD_INSTALLER_TEST_BUILD;
    else process.env.FIELD_INSTALLER_TEST_BUILD = saved;
    delete require.cache[CONFIG];
  }
};

const NAMES = { productFilename: 'Field Installer', executableName: 'field-installer' };
// @electron/fuses stores ASCII '1' / '0'.
const ENABLE = '1'.charCodeAt(0);
const DISABLE = '0'.charCodeAt(0);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-fuses-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What a build does: electron-builder's mapping, then flipFuses on the packaged binary. */
const pack = async (platform: FakePlatform, testBuild?: string) => {
  const binary = await writeFakePackagedApp(dir, platform, NAMES);
  const fuses = await PlatformPackager.prototype.generateFuseConfig(
    loadConfig(testBuild).electronFuses,
  );
  // For macOS @electron/fuses takes the .app bundle (as electron-builder passes it) and finds
  // the framework binary itself.
  const target = platform === 'darwin' ? join(dir, `${NAMES.productFilename}.app`) : binary;
  // The ad-hoc re-sign runs `codesign`, which only macOS has: checked separately below.
  await flipFuses(target, { ...fuses, resetAdHocDarwinSignature: false });
  return target;
};

describe("fuses through electron-builder's electronFuses", () => {
  it.each<FakePlatform>(['linux', 'win32', 'darwin'])(
    'flips every security fuse the app sets in the %s binary',
    async (platform) => {
      const wire = await getCurrentFuseWire(await pack(platform));
      expect(wire[FuseV1Options.RunAsNode]).toBe(DISABLE);
      expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(ENABLE);
      expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(DISABLE);
      expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(DISABLE);
      expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ENABLE);
      expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ENABLE);
      expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(DISABLE);
    },
  );

  it('changes only the fuse bytes; fuses not configured keep Electron’s defaults', async () => {
    const binary = await pack('linux');
    const before = fakeElectronBinary();
    const after = await readFile(binary);
    expect(after.length).toBe(before.length);
    const changed = [...after.keys()].filter((i) => after[i] !== before[i]);
    const wireStart = before.indexOf('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX') + 32 + 2;
    expect(changed.every((i) => i >= wireStart && i < wireStart + 8)).toBe(true);
    const wire = await getCurrentFuseWire(binary);
    expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(DISABLE);
  });

  it('keeps the inspector fuse on only for a Playwright test build (FIELD_INSTALLER_TEST_BUILD=1)', async () => {
    const wire = await getCurrentFuseWire(await pack('linux', '1'));
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(ENABLE);
    expect(wire[FuseV1Options.RunAsNode]).toBe(DISABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ENABLE);
    for (const value of ['true', '0', 'yes', '']) {
      expect(loadConfig(value).electronFuses.enableNodeCliInspectArguments).toBe(false);
    }
  });

  it('covers every fuse the app sets (nothing left for an afterPack hook) and re-signs macOS ad hoc', async () => {
    const fuses = loadConfig().electronFuses;
    const mapped = await PlatformPackager.prototype.generateFuseConfig(fuses);
    // Every option given reaches the wire config (electron-builder drops unknown names).
    const wireKeys = Object.keys(mapped).filter((k) => /^\d+$/.test(k));
    expect(wireKeys).toHaveLength(Object.keys(fuses).length - 1);
    expect(mapped.resetAdHocDarwinSignature).toBe(true);
  });
});
