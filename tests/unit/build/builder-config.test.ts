import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '../../..');
// electron-builder require()s its config, so the test loads it the same way.
const config = require(join(ROOT, 'build/electron-builder.config.cjs')) as Record<
  string,
  unknown
> & {
  files: string[];
  asarUnpack: string[];
  electronFuses: Record<string, unknown>;
  win: {
    target: { target: string; arch: string[] }[];
    signtoolOptions: { publisherName: string[] };
    verifyUpdateCodeSignature: boolean;
  };
  msi: Record<string, unknown>;
  linux: { target: { target: string; arch: string[] }[]; category: string; maintainer: string };
  deb: { depends: string[] };
  rpm: { depends: string[] };
  nsis: Record<string, unknown>;
  mac: {
    hardenedRuntime: boolean;
    entitlements: string;
    entitlementsInherit: string;
    extendInfo: Record<string, string>;
  };
};

/** electron-builder's `files` semantics: ordered globs, a leading ! excludes, the last match wins. */
const isPackaged = (path: string): boolean => {
  let included = false;
  for (const pattern of config.files) {
    const negated = pattern.startsWith('!');
    if (minimatch(path, negated ? pattern.slice(1) : pattern, { dot: true })) included = !negated;
  }
  return included;
};

describe('electron-builder configuration', () => {
  it("is valid against electron-builder's own JSON schema", () => {
    const schemaPath = join(ROOT, 'node_modules/app-builder-lib/scheme.json');
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('catches a misspelt option (the schema check is not vacuous)', () => {
    const schema = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/app-builder-lib/scheme.json'), 'utf8'),
    ) as object;
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate({ ...config, mac: { ...config.mac, hardendRuntime: true } })).toBe(false);
  });

  it('names the app and puts installers under release/', () => {
    expect(config.appId).toBe('com.fieldinstaller.app');
    expect(config.productName).toBe('Field Installer');
    expect(config.directories).toEqual({ buildResources: 'build', output: 'release' });
  });

  it.each([
    'dist/electron/main.cjs',
    'dist/electron/preload.cjs',
    'dist/renderer/index.html',
    'dist/renderer/assets/zxing_reader-abc.wasm',
    'package.json',
  ])('ships %s', (path) => {
    expect(isPackaged(path)).toBe(true);
  });

  it.each([
    'tests/fixtures/build/fake-electron-binary.ts',
    'tests/unit/build/electron-fuses.test.ts',
    'dist/tests/fixtures/seed.json',
    'dist/fixtures/devices.json',
    'dist/electron/main.cjs.map',
    'dist/renderer/assets/index-abc.js.map',
    'electron/main/app.ts',
    'electron/sandbox/index.ts',
    'renderer/src/App.svelte',
    'build/electron-builder.config.cjs',
    'build/policy/FieldInstaller.admx',
    '.env',
  ])('does not ship %s', (path) => {
    expect(isPackaged(path)).toBe(false);
  });

  it('unpacks the keytar native addon from the asar', () => {
    expect(config.asar).toBe(true);
    const addon = 'node_modules/keytar/build/Release/keytar.node';
    expect(config.asarUnpack.some((pattern) => minimatch(addon, pattern))).toBe(true);
    expect(
      config.asarUnpack.some((pattern) => minimatch('node_modules/zod/index.js', pattern)),
    ).toBe(false);
  });

  it('registers the fieldinstaller:// scheme the app parses (deep links)', async () => {
    const { DEEP_LINK_SCHEME } = await import('../../../electron/main/deep-link');
    expect(config.protocols).toEqual([
      { name: 'Field Installer link', schemes: [DEEP_LINK_SCHEME] },
    ]);
  });

  it('builds the macOS zip electron-updater needs beside the dmg, and writes update metadata', () => {
    const mac = config.mac as unknown as { target: { target: string; arch: string[] }[] };
    expect(mac.target).toEqual([
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ]);
    expect(config.publish).toEqual([
      { provider: 'generic', url: expect.stringMatching(/^https:/) },
    ]);
    // Nothing is ever uploaded by a build.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.dist).toContain('--publish never');
  });

  it('sets the fuses through electronFuses (no afterPack hook left)', () => {
    expect(config).not.toHaveProperty('afterPack');
    expect(config.electronFuses).toMatchObject({ runAsNode: false, onlyLoadAppFromAsar: true });
  });

  it('builds NSIS and a per-machine MSI with a fixed upgrade code, for x64 and arm64', () => {
    expect(config.win.target).toEqual([
      { target: 'nsis', arch: ['x64', 'arm64'] },
      { target: 'msi', arch: ['x64', 'arm64'] },
    ]);
    expect(config.msi).toMatchObject({
      perMachine: true,
      upgradeCode: '6f3c2a9e-4b1d-4e8a-9c57-2d0b8f1e7a34',
    });
    expect(String(config.msi.upgradeCode)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('builds AppImage, deb and rpm for Linux on x64 and arm64, with a keychain available', () => {
    expect(config.linux.target).toEqual([
      { target: 'AppImage', arch: ['x64', 'arm64'] },
      { target: 'deb', arch: ['x64', 'arm64'] },
      { target: 'rpm', arch: ['x64', 'arm64'] },
    ]);
    expect(config.linux.category).toBe('Utility');
    expect(config.linux.maintainer).toMatch(/<.+@.+>/);
    expect(config.deb.depends).toContain('libsecret-1-0');
    // electron-builder's own defaults are all still there (setting depends replaces them).
    for (const dep of [
      'libgtk-3-0',
      'libnotify4',
      'libnss3',
      'libxss1',
      'libxtst6',
      'xdg-utils',
      'libatspi2.0-0',
      'libuuid1',
    ])
      expect(config.deb.depends).toContain(dep);
    // Electron itself: GBM for the GPU process, ALSA for media.
    expect(config.deb.depends).toContain('libgbm1');
    expect(config.deb.depends.some((d) => d.startsWith('libasound2'))).toBe(true);
    expect(
      config.deb.depends.some((d) =>
        d
          .split('|')
          .map((s) => s.trim())
          .includes('gnome-keyring'),
      ),
    ).toBe(true);
  });

  it('the rpm keeps electron-builder’s own dependencies and adds the keychain’s', () => {
    const fpm = require('app-builder-lib/out/targets/FpmTarget.js') as {
      default: { prototype: { getDefaultDepends(target: string): string[] } };
    };
    for (const dep of fpm.default.prototype.getDefaultDepends('rpm'))
      expect(config.rpm.depends).toContain(dep);
    expect(config.rpm.depends).toContain('libsecret');
    expect(config.rpm.depends).toContain('mesa-libgbm');
    expect(config.rpm.depends.some((d) => /\bgnome-keyring\b/.test(d))).toBe(true);
  });

  it('the .deb and .rpm install electron-builder’s AppArmor profile (Ubuntu 24.04+ sandbox)', () => {
    // Not replaced by a script of ours…
    for (const target of ['linux', 'deb', 'rpm'])
      expect((config as Record<string, Record<string, unknown>>)[target]).not.toHaveProperty(
        'afterInstall',
      );
    // …and electron-builder's own after-install copies its profile into /etc/apparmor.d,
    // a profile that lets the installed binary create the sandbox's user namespace.
    const templates = join(ROOT, 'node_modules/app-builder-lib/templates/linux');
    const afterInstall = readFileSync(join(templates, 'after-install.tpl'), 'utf8');
    expect(afterInstall).toMatch(/APPARMOR_PROFILE_TARGET='\/etc\/apparmor\.d\/\$\{executable\}'/);
    expect(afterInstall).toContain('apparmor_parser --replace');
    expect(readFileSync(join(templates, 'apparmor-profile.tpl'), 'utf8')).toMatch(
      /profile "\$\{executable\}" "\/opt\/\$\{sanitizedProductName\}\/\$\{executable\}" flags=\(unconfined\) \{\s+userns,/,
    );
  });

  it('names every Windows installer with its architecture (one NSIS installer per arch)', () => {
    const { expandMacro } = require('app-builder-lib/out/util/macroExpander.js') as {
      expandMacro(pattern: string, arch: string, appInfo: object, extra: object): string;
    };
    const appInfo = {
      productName: 'Field Installer',
      sanitizedProductName: 'Field Installer',
      name: 'field-installer',
      version: '1.2.3',
    };
    expect(config.nsis.buildUniversalInstaller).toBe(false);
    const names = (pattern: unknown, ext: string) =>
      ['x64', 'arm64'].map((arch) => expandMacro(String(pattern), arch, appInfo, { ext }));
    expect(names(config.nsis.artifactName, 'exe')).toEqual([
      'Field Installer Setup 1.2.3 x64.exe',
      'Field Installer Setup 1.2.3 arm64.exe',
    ]);
    expect(names(config.msi.artifactName, 'msi')).toEqual([
      'Field Installer 1.2.3 x64.msi',
      'Field Installer 1.2.3 arm64.msi',
    ]);
    // The docs name the same files.
    const docs = readFileSync(join(ROOT, 'docs/packaging.md'), 'utf8');
    expect(docs).toContain('Field Installer Setup <v> <arch>.exe');
    expect(docs).toContain('Field Installer <v> <arch>.msi');
  });

  it('refuses a Windows update not signed by the configured publisher', async () => {
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
    expect(config.win.signtoolOptions.publisherName).toEqual([expect.stringMatching(/\S/)]);
    // electron-builder's own computation of what goes into app-update.yml as publisherName
    // (electron-updater verifies updates against it; without it, nothing is verified).
    const { WindowsSignToolManager } =
      require('app-builder-lib/out/codeSign/windowsSignToolManager.js') as {
        WindowsSignToolManager: new (packager: object) => {
          computedPublisherName: { value: Promise<string[] | null> };
        };
      };
    const manager = new WindowsSignToolManager({
      platformSpecificBuildOptions: config.win,
      info: {},
      config,
    });
    expect(await manager.computedPublisherName.value).toEqual(
      config.win.signtoolOptions.publisherName,
    );
  });

  it('builds in the update feed given at build time, https only', () => {
    const { buildUpdateFeed } = require(join(ROOT, 'build/update-feed.cjs')) as {
      buildUpdateFeed(env: object): string | null;
    };
    expect(buildUpdateFeed({})).toBeNull();
    expect(buildUpdateFeed({ FIELD_INSTALLER_UPDATE_URL: 'https://updates.example.com/fi' })).toBe(
      'https://updates.example.com/fi',
    );
    expect(() =>
      buildUpdateFeed({ FIELD_INSTALLER_UPDATE_URL: 'http://updates.example.com' }),
    ).toThrow(/must be https/);
    // The config as electron-builder loads it, with the variable set: publish and extraMetadata.
    const probe = `const c = require(${JSON.stringify(join(ROOT, 'build/electron-builder.config.cjs'))});
      console.log(JSON.stringify({ publish: c.publish, extra: c.extraMetadata }));`;
    const out = execFileSync(process.execPath, ['-e', probe], {
      env: { ...process.env, FIELD_INSTALLER_UPDATE_URL: 'https://updates.example.com/fi' },
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({
      publish: [{ provider: 'generic', url: 'https://updates.example.com/fi' }],
      extra: { updateFeed: 'https://updates.example.com/fi' },
    });
  });

  it('builds an assisted NSIS installer with the install-mode page (just me / all users) and a folder choice', () => {
    // electron-builder: oneClick false + perMachine false = the install-mode page, per user by
    // default; docs/packaging.md says so, with the silent switches.
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
    });
    const docs = readFileSync(join(ROOT, 'docs/packaging.md'), 'utf8');
    expect(docs).toContain('Only for me');
    expect(docs).toContain('/allusers');
  });

  it('signs macOS with the hardened runtime, the camera entitlement and a usage string', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.extendInfo.NSCameraUsageDescription).toBe(
      'Field Installer uses the camera to scan device serial numbers.',
    );
    for (const file of [config.mac.entitlements, config.mac.entitlementsInherit]) {
      const plist = readFileSync(join(ROOT, file), 'utf8');
      const entitled = (key: string) =>
        new RegExp(`<key>${key.replace(/\./g, '\\.')}</key>\\s*<true/>`).test(plist);
      expect(entitled('com.apple.security.device.camera')).toBe(true);
      expect(entitled('com.apple.security.cs.allow-jit')).toBe(true);
      expect(entitled('com.apple.security.device.audio-input')).toBe(false);
      expect(entitled('com.apple.security.cs.disable-library-validation')).toBe(false);
    }
  });

  it('grants macOS only the camera and JIT: no unsigned executable memory', () => {
    for (const file of [config.mac.entitlements, config.mac.entitlementsInherit]) {
      const plist = readFileSync(join(ROOT, file), 'utf8');
      // Every <key> in the plist, comments stripped (a comment may name what is left out).
      const keys = [...plist.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<key>([^<]+)<\/key>/g)].map(
        ([, key]) => key,
      );
      expect(keys).not.toContain('com.apple.security.cs.allow-unsigned-executable-memory');
      expect(new Set(keys)).toEqual(
        new Set(['com.apple.security.cs.allow-jit', 'com.apple.security.device.camera']),
      );
    }
  });
});
