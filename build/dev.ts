/**
 * `npm run dev`: the renderer and the Electron bundles rebuilt on every save, Electron
 * restarted when main or preload changed, the window reloaded when the renderer changed.
 *
 * - `vite build --watch` for the renderer (dist/renderer) and for main + preload
 *   (vite.electron.config.ts → dist/electron), so the app runs exactly the files a packaged
 *   build has, served from app:// under the same CSP. (Vite's dev server with hot module
 *   replacement would need the CSP loosened — inline styles, a ws: connection — and a second
 *   origin trusted by IPC; a full reload after a ~1 s rebuild keeps dev and release identical.)
 * - Electron (the `electron` package's binary) restarted by build/dev-restarter.ts after a
 *   bundle burst; FIELD_INSTALLER_DEV_RELOAD=1 makes the unpackaged main process reload the
 *   window when dist/renderer changes (electron/main/dev-reload.ts).
 *
 * Extra arguments go to the app: `npm run dev -- --training`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { createRestarter, type DevProcess } from './dev-restarter';

const ROOT = resolve(import.meta.dirname, '..');
const VITE = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const require = createRequire(import.meta.url);
const appArgs = process.argv.slice(2);

const watchers: ChildProcess[] = [
  spawn(process.execPath, [VITE, 'build', '--watch', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
  spawn(
    process.execPath,
    [VITE, 'build', '--watch', '--logLevel', 'warn', '-c', 'vite.electron.config.ts'],
    { cwd: ROOT, stdio: 'inherit' },
  ),
];

const startElectron = (): DevProcess => {
  // The `electron` package's main export is the path of its binary.
  const binary = require('electron') as string;
  const child = spawn(binary, ['.', ...appArgs], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, FIELD_INSTALLER_DEV_RELOAD: '1' },
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { exited, stop: () => child.kill() };
};

const restarter = createRestarter(startElectron, { log: (line) => console.warn(`dev: ${line}`) });
const bundles = join(ROOT, 'dist', 'electron');
mkdirSync(bundles, { recursive: true });
watch(bundles, (_event, file) => {
  if (file !== null && existsSync(join(bundles, file))) restarter.changed(file);
});

const shutdown = (): void => {
  void restarter.close().finally(() => {
    for (const child of watchers) child.kill();
    process.exit(0);
  });
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
