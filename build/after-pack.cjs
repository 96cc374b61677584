/**
 * electron-builder afterPack hook: flips Electron's fuses in the packaged binary before it is
 * signed, switching off the ways a packaged app can be turned into a generic Node runtime
 * or debugged, making it load only its own (integrity-checked) app.asar, and taking file://
 * pages' extra privileges away (nothing of ours is loaded from file://).
 *
 * FIELD_INSTALLER_TEST_BUILD=1 keeps the inspector fuse on: Playwright's Electron driver
 * attaches through --inspect/--remote-debugging-port. Never ship such a build.
 *
 * CommonJS because electron-builder loads hooks with require().
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS hook must use require() */
const path = require('node:path');
const { flipFuses, FuseV1Options, FuseVersion } = require('@electron/fuses');

const ARM64 = 3; // builder-util's Arch.arm64

/** The main executable (macOS: the .app bundle; @electron/fuses finds the framework in it). */
const electronBinaryPath = (context) => {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') {
    return path.join(appOutDir, `${packager.appInfo.productFilename}.app`);
  }
  if (electronPlatformName === 'win32') {
    return path.join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  }
  return path.join(appOutDir, packager.executableName);
};

const fuseConfig = (context, env) => ({
  version: FuseVersion.V1,
  // After rewriting the binary the ad-hoc signature is invalid; arm64 macOS refuses to run it.
  resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === ARM64,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: env.FIELD_INSTALLER_TEST_BUILD === '1',
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // The UI is served from app:// (electron/main/protocol.ts); file:// pages get no extra powers.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
});

const afterPack = async (context) => {
  const binary = electronBinaryPath(context);
  const config = fuseConfig(context, process.env);
  if (config[FuseV1Options.EnableNodeCliInspectArguments]) {
    console.warn('FIELD_INSTALLER_TEST_BUILD=1: inspector fuse left ON — test build, do not ship');
  }
  await flipFuses(binary, config);
};

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.electronBinaryPath = electronBinaryPath;
module.exports.fuseConfig = fuseConfig;
