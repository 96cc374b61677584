/**
 * A signature as the record keeps it: pen strokes, each a flat list of x,y pairs in whole
 * units of a SIGNATURE_WIDTH × SIGNATURE_HEIGHT box (small, exact, hashable; drawn the same on
 * the pad, on the receipt and in its PDF as an SVG path).
 */
import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from '$shared/signature-box';

export { SIGNATURE_HEIGHT, SIGNATURE_WIDTH };

/** Points per stroke and strokes per signature the contract takes. */
export const MAX_STROKE_POINTS = 2_000;
export const MAX_STROKES = 200;

/** A point of the drawn box (CSS pixels from its corner) in signature units. */
export const signaturePoint = (
  x: number,
  y: number,
  box: { width: number; height: number },
): [number, number] => [
  Math.round(Math.min(Math.max((x / box.width) * SIGNATURE_WIDTH, 0), SIGNATURE_WIDTH)),
  Math.round(Math.min(Math.max((y / box.height) * SIGNATURE_HEIGHT, 0), SIGNATURE_HEIGHT)),
];

/** SVG path data of one stroke; a single point is a zero-length line (a round-capped dot). */
export const strokePath = (stroke: readonly number[]): string => {
  const points: string[] = [];
  for (let i = 0; i + 1 < stroke.length; i += 2) points.push(`${stroke[i]} ${stroke[i + 1]}`);
  if (points.length === 1) points.push(points[0]!);
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p}`).join(' ');
};
