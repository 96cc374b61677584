/**
 * Where the window opens: the size, position and maximised state it had last time, put back
 * only onto a display that still exists. Pure (no Electron): displays come in as work areas.
 * A window saved on a monitor that is gone (the docking station stayed at the office) would
 * open off-screen, out of reach; it comes back centred on the primary display instead.
 */
import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState extends Rect {
  maximized: boolean;
}

export interface Placement {
  /** Absent: let the OS place it (nothing saved). */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 };
export const MIN_SIZE = { width: 640, height: 520 };

const Coordinate = z.number().int().min(-100_000).max(100_000);
const Length = z.number().int().min(1).max(100_000);

const WindowStateSchema = z
  .object({ x: Coordinate, y: Coordinate, width: Length, height: Length, maximized: z.boolean() })
  .strict();

/** The saved file's text → a state, or null when it is missing, damaged or not ours. */
export const parseWindowState = (text: string | null): WindowState | null => {
  if (text === null) return null;
  try {
    const parsed = WindowStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** How much of the title bar must lie on a work area for the window to count as reachable. */
const GRIP = { width: 120, height: 32 };

const overlap = (a: Rect, b: Rect): { width: number; height: number } => ({
  width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
  height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
});

const titleBar = (r: Rect): Rect => ({ x: r.x, y: r.y, width: r.width, height: GRIP.height });

/** The work area holding enough of the saved title bar to drag it, if any. */
const reachableOn = (saved: Rect, workAreas: readonly Rect[]): Rect | null =>
  workAreas.find((area) => {
    const o = overlap(titleBar(saved), area);
    return o.width >= Math.min(GRIP.width, saved.width) && o.height >= GRIP.height / 2;
  }) ?? null;

const fit = (length: number, min: number, max: number): number =>
  Math.max(Math.min(min, max), Math.min(length, max));

const centred = (size: { width: number; height: number }, area: Rect) => {
  const width = fit(size.width, MIN_SIZE.width, area.width);
  const height = fit(size.height, MIN_SIZE.height, area.height);
  return {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height,
  };
};

export const placeWindow = (
  saved: WindowState | null,
  workAreas: readonly Rect[],
  primary: Rect,
): Placement => {
  if (saved === null) return { ...DEFAULT_SIZE, maximized: false };
  const area = reachableOn(saved, workAreas);
  if (area === null) return { ...centred(saved, primary), maximized: saved.maximized };
  // On a display that still exists: keep it, shrunk to the work area and pulled fully inside.
  const width = fit(saved.width, MIN_SIZE.width, area.width);
  const height = fit(saved.height, MIN_SIZE.height, area.height);
  const x = Math.min(Math.max(saved.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(saved.y, area.y), area.y + area.height - height);
  return { x, y, width, height, maximized: saved.maximized };
};
