/**
 * electron-builder configuration (`npm run dist`, see docs/packaging.md).
 * CommonJS because electron-builder loads its config with require().
 *
 * What ships: dist/** (main.cjs, preload.cjs, renderer) and package.json — plus the
 * production node_modules electron-builder adds itself (keytar and better-sqlite3, the native
 * addons the bundle still requires at runtime). The training-mode sandbox is already bundled into main.cjs; test
 * fixtures, tests, sources and source maps never ship: they are dead weight and source maps
 * would publish the full source.
 *
 * @type {import('electron-builder').Configuration}
 */
const { buildUpdateFeed, PLACEHOLDER_FEED } = require('./update-feed.cjs');

const isTestBuild = process.env.FIELD_INSTALLER_TEST_BUILD === '1';
const updateFeed = buildUpdateFeed(process.env);
/**
 * Who signs the Windows installers: the code-signing certificate's subject CN. It goes into
 * app-update.yml as `publisherName`, and electron-updater then installs only an update signed by
 * that publisher (an unsigned or differently signed one is refused). CI sets it beside
 * CSC_LINK/CSC_KEY_PASSWORD; see docs/packaging.md.
 */
const windowsPublisher = process.env.FIELD_INSTALLER_WIN_PUBLISHER || 'Field Installer';
if (isTestBuild) {
  console.warn('FIELD_INSTALLER_TEST_BUILD=1: inspector fuse left ON — test build, do not ship');
}

const config = {
  appId: 'com.fieldinstaller.app',
  productName: 'Field Installer',
  copyright: 'Copyright © Field Installer',
  directories: { buildResources: 'build', output: 'release' },
  files: ['dist/**/*', 'package.json', '!**/*.map', '!**/tests/**', '!**/fixtures/**'],
  asar: true,
  // The built-in update feed, read by the app at start (electron/main/update-policy.ts).
  ...(updateFeed ? { extraMetadata: { updateFeed } } : {}),
  // Native addons cannot be loaded from inside an asar archive.
  asarUnpack: ['**/node_modules/keytar/**/*.node', '**/node_modules/better-sqlite3/**/*.node'],
  // Electron's fuses, flipped by electron-builder itself right before signing. This option covers
  // every fuse the app sets (it replaced build/after-pack.cjs). They switch off the ways a
  // packaged app can be turned into a generic Node runtime or debugged, make it load only its own
  // integrity-checked app.asar, and take file:// pages' extra privileges away (the UI is app://).
  // FIELD_INSTALLER_TEST_BUILD=1 keeps the inspector fuse on for Playwright's Electron driver:
  // a test build, never to be shipped.
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: isTestBuild,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
    // Rewriting the binary breaks its ad-hoc signature, which arm64 macOS refuses to run; re-signed
    // ad hoc on macOS (both arches: one switch), then signed for real by electron-builder.
    resetAdHocDarwinSignature: true,
  },
  // Deep links (electron/main/deep-link.ts): the installers register the scheme (macOS
  // CFBundleURLTypes, the Linux .desktop file's x-scheme-handler, NSIS's registry keys); the
  // app also calls setAsDefaultProtocolClient at start.
  protocols: [{ name: 'Field Installer link', schemes: ['fieldinstaller'] }],
  linux: {
    // rpm for Fedora and the like (building it needs rpmbuild: `dnf install rpm-build` or
    // Debian's `rpm`). The .deb and .rpm install electron-builder's AppArmor profile, which
    // Ubuntu 24.04+ needs for Electron's sandbox (its after-install script; not replaced here).
    target: [
      { target: 'AppImage', arch: ['x64', 'arm64'] },
      { target: 'deb', arch: ['x64', 'arm64'] },
      { target: 'rpm', arch: ['x64', 'arm64'] },
    ],
    category: 'Utility',
    maintainer: 'Field Installer <support@fieldinstaller.com>',
    synopsis: 'Install and verify foot-traffic counting devices in stores',
    icon: 'build/icons',
  },
  deb: {
    // electron-builder's defaults, plus: libsecret for keytar, and a Secret Service provider
    // so the API key has a keychain to live in (there is no plaintext fallback).
    depends: [
      'libgtk-3-0',
      'libnotify4',
      'libnss3',
      'libxss1',
      'libxtst6',
      'xdg-utils',
      'libatspi2.0-0',
      'libuuid1',
      'libgbm1',
      // Chromium's audio (media elements, the camera preview); libasound2t64 on Ubuntu 24.04+.
      'libasound2 | libasound2t64',
      'libsecret-1-0',
      'gnome-keyring | kwalletmanager | keepassxc',
    ],
  },
  rpm: {
    // electron-builder's defaults, plus the same as the .deb under Fedora's names (rpm's rich
    // dependencies for "one of").
    depends: [
      'gtk3',
      'libnotify',
      'nss',
      'libXScrnSaver',
      '(libXtst or libXtst6)',
      'xdg-utils',
      'at-spi2-core',
      '(libuuid or libuuid1)',
      'mesa-libgbm',
      'alsa-lib',
      'libsecret',
      '(gnome-keyring or kwalletmanager5 or keepassxc)',
    ],
  },
  // One 1024px source; electron-builder derives .ico and .icns from it.
  win: {
    target: [
      { target: 'nsis', arch: ['x64', 'arm64'] },
      { target: 'msi', arch: ['x64', 'arm64'] },
    ],
    icon: 'build/icon.png',
    signtoolOptions: { publisherName: [windowsPublisher] },
    // electron-updater checks an update's Authenticode signature against publisherName.
    verifyUpdateCodeSignature: true,
  },
  nsis: {
    // One installer per architecture, named with it (not one installer holding both):
    // `Field Installer Setup <v> x64.exe`, `… arm64.exe`. electron-updater picks the file
    // whose name has its own arch from latest.yml, which lists both.
    buildUniversalInstaller: false,
    artifactName: '${productName} Setup ${version} ${arch}.${ext}',
    // Assisted installer with electron-builder's install-mode page: "Only for me" (the default,
    // no admin rights — technicians rarely have them) or "Anyone who uses this computer" (asks
    // for elevation). Silent: `/S` (per user), `/S /allusers` (per machine, elevated),
    // `/D=C:\path` last to choose the folder. See docs/packaging.md.
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    shortcutName: 'Field Installer',
  },
  msi: {
    artifactName: '${productName} ${version} ${arch}.${ext}',
    // For Intune / SCCM / GPO: always per machine. The upgrade code must never change: it is how
    // Windows Installer recognises a newer MSI as an upgrade of this product.
    perMachine: true,
    upgradeCode: '6f3c2a9e-4b1d-4e8a-9c57-2d0b8f1e7a34',
    createDesktopShortcut: true,
    shortcutName: 'Field Installer',
  },
  // Updates (electron/main/updates.ts): the feed is the built-in one (FIELD_INSTALLER_UPDATE_URL
  // at build time, build/update-feed.cjs) unless a policy sets UpdateUrl or turns updates off.
  // The generic publish entry also makes `npm run dist` write latest.yml / latest-mac.yml /
  // latest-linux.yml beside the installers, which are copied to the feed's URL.
  publish: [{ provider: 'generic', url: updateFeed ?? PLACEHOLDER_FEED }],
  mac: {
    // The zip is what electron-updater installs on macOS (it cannot update from a dmg).
    target: [
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ],
    category: 'public.app-category.business',
    icon: 'build/icon.png',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    extendInfo: {
      NSCameraUsageDescription: 'Field Installer uses the camera to scan device serial numbers.',
    },
  },
  dmg: { title: 'Field Installer' },
};

module.exports = config;
