/**
 * Renders build/icon.svg's shapes into the PNGs electron-builder needs:
 * build/icon.png (1024 px; .icns and .ico are derived from it) and build/icons/NxN.png (Linux).
 * Run: npx tsx build/make-icons.ts  — the outputs are checked in.
 *
 * Drawn procedurally (signed distance per pixel → anti-aliased coverage) because rendering the
 * SVG itself would need an image package the project does not have. Keep the two in step.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { encodePng } from './png';

type Rgb = readonly [number, number, number];
/** Signed distance in icon units (1024 grid): negative inside. */
type Shape = { distance: (x: number, y: number) => number; color: Rgb };

const roundedRect =
  (x: number, y: number, w: number, h: number, r: number) =>
  (px: number, py: number): number => {
    const qx = Math.abs(px - (x + w / 2)) - (w / 2 - r);
    const qy = Math.abs(py - (y + h / 2)) - (h / 2 - r);
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };

const circle =
  (cx: number, cy: number, r: number) =>
  (px: number, py: number): number =>
    Math.hypot(px - cx, py - cy) - r;

const TEAL: Rgb = [0x0f, 0x76, 0x6e];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const AMBER: Rgb = [0xfb, 0xbf, 0x24];

/** Same order and numbers as build/icon.svg. */
export const ICON_SHAPES: readonly Shape[] = [
  { distance: roundedRect(64, 64, 896, 896, 192), color: TEAL },
  { distance: roundedRect(272, 216, 480, 96, 48), color: WHITE },
  { distance: circle(512, 264, 28), color: AMBER },
  { distance: circle(512, 480, 84), color: WHITE },
  { distance: roundedRect(392, 592, 240, 232, 96), color: WHITE },
];

export const ICON_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024] as const;

/** Straight-alpha RGBA pixels of the icon at `size` × `size`. */
export const renderIcon = (size: number): Uint8Array => {
  const scale = 1024 / size;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (const shape of ICON_SHAPES) {
        // Pixel centre, distance converted to pixels; half a pixel of ramp = anti-aliasing.
        const d = shape.distance((x + 0.5) * scale, (y + 0.5) * scale) / scale;
        const cover = Math.min(1, Math.max(0, 0.5 - d));
        if (cover === 0) continue;
        const outA = cover + a * (1 - cover);
        const mix = (src: number, dst: number) => (src * cover + dst * a * (1 - cover)) / outA;
        [r, g, b, a] = [
          mix(shape.color[0], r),
          mix(shape.color[1], g),
          mix(shape.color[2], b),
          outA,
        ];
      }
      pixels.set([r, g, b, a * 255].map(Math.round), (y * size + x) * 4);
    }
  }
  return pixels;
};

export const writeIcons = (buildDir: string): string[] => {
  mkdirSync(join(buildDir, 'icons'), { recursive: true });
  const written: string[] = [];
  for (const size of ICON_SIZES) {
    const png = encodePng(size, size, renderIcon(size));
    const file = join(buildDir, 'icons', `${size}x${size}.png`);
    writeFileSync(file, png);
    written.push(file);
    if (size === 1024) {
      writeFileSync(join(buildDir, 'icon.png'), png);
      written.push(join(buildDir, 'icon.png'));
    }
  }
  return written;
};

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  for (const file of writeIcons(dirname(fileURLToPath(import.meta.url)))) console.log(file);
}
