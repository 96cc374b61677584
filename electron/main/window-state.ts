/**
 * Keeps the window's size, position and maximised state in userData/window-state.json and
 * opens the next window there (window-placement.ts decides, on the displays that exist now).
 * Written atomically (temporary file, fsync, rename): a crash mid-write leaves the old file.
 * The normal (un-maximised) bounds are saved, so un-maximising next time restores them.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { screen, type BrowserWindow } from 'electron';
import type { Logger } from '../common/logger';
import {
  parseWindowState,
  placeWindow,
  type Placement,
  type WindowState,
} from './window-placement';

export const WINDOW_STATE_FILE = 'window-state.json';

const writeFileAtomically = (file: string, text: string): void => {
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
};

const readText = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // first start
  }
};

/** The placement for a new window, from the saved file and the displays attached now. */
export const restoredPlacement = (userData: string): Placement =>
  placeWindow(
    parseWindowState(readText(join(userData, WINDOW_STATE_FILE))),
    screen.getAllDisplays().map((display) => display.workArea),
    screen.getPrimaryDisplay().workArea,
  );

/** Saves the window's state after moves and resizes settle, and when it closes. */
export const trackWindowState = (
  window: BrowserWindow,
  userData: string,
  log: Logger,
  delayMs = 500,
): void => {
  const file = join(userData, WINDOW_STATE_FILE);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (window.isDestroyed() || window.isMinimized()) return;
    const bounds = window.getNormalBounds();
    const state: WindowState = { ...bounds, maximized: window.isMaximized() };
    try {
      writeFileAtomically(file, `${JSON.stringify(state)}\n`);
    } catch (error) {
      log.warn('Could not save the window position', { error });
    }
  };
  const later = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };
  for (const name of ['resize', 'move', 'maximize', 'unmaximize'] as const)
    window.on(name as 'resize', later);
  window.on('close', save);
};
