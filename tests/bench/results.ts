/**
 * One benchmark figure as printed and as written to bench-results.json. A figure that could
 * not be measured keeps its row (value null, met false, a note saying why) so a missing
 * measurement is never mistaken for a pass.
 */
import { round } from './stats';

export interface Baseline {
  /** What was measured beside the figure in the same run, e.g. "direct HTTP call". */
  name: string;
  value: number;
  unit: string;
}

export interface Figure {
  /** Stable key of the figure (`npm run bench -- --only <id>`), e.g. "cold-start-1m". */
  id: string;
  name: string;
  value: number | null;
  unit: string;
  /** Human-readable target, e.g. "<= 100"; in `unit`. */
  target: string;
  baseline?: Baseline;
  met: boolean;
  note?: string;
}

interface Extras {
  baseline?: Baseline;
  note?: string;
}

const make = (
  id: string,
  name: string,
  value: number,
  unit: string,
  target: string,
  met: boolean,
  extras: Extras,
): Figure => {
  // Key order as read in bench-results.json: what, how much, against what, verdict, why.
  return {
    id,
    name,
    value: Number.isFinite(value) ? round(value) : null,
    unit,
    target,
    ...(extras.baseline
      ? { baseline: { ...extras.baseline, value: round(extras.baseline.value) } }
      : {}),
    met: met && Number.isFinite(value),
    ...(extras.note ? { note: extras.note } : {}),
  };
};

export const atMost = (
  id: string,
  name: string,
  value: number,
  unit: string,
  limit: number,
  extras: Extras = {},
): Figure => make(id, name, value, unit, `<= ${limit}`, value <= limit, extras);

export const below = (
  id: string,
  name: string,
  value: number,
  unit: string,
  limit: number,
  extras: Extras = {},
): Figure => make(id, name, value, unit, `< ${limit}`, value < limit, extras);

export const exactly = (
  id: string,
  name: string,
  value: number,
  unit: string,
  expected: number,
  extras: Extras = {},
): Figure => make(id, name, value, unit, `= ${expected}`, value === expected, extras);

export const notMeasured = (
  id: string,
  name: string,
  unit: string,
  target: string,
  reason: string,
): Figure => ({
  id,
  name,
  value: null,
  unit,
  target,
  met: false,
  note: `not measured: ${reason}`,
});

/** A monospace table: id, name, value, unit, target, baseline, pass/fail (+ notes below it). */
export function formatTable(figures: readonly Figure[]): string {
  const header = ['id', 'figure', 'value', 'unit', 'target', 'baseline (same run)', 'result'];
  const rows = figures.map((f) => [
    f.id,
    f.name,
    f.value === null ? '—' : String(f.value),
    f.unit,
    f.target,
    f.baseline ? `${f.baseline.name}: ${f.baseline.value} ${f.baseline.unit}` : '',
    f.value === null ? 'NOT MEASURED' : f.met ? 'pass' : 'FAIL',
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join(' | ')
      .trimEnd();
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)];
  const notes = figures.filter((f) => f.note).map((f) => `  * ${f.id}: ${f.note}`);
  return [...out, ...(notes.length > 0 ? ['', 'Notes:', ...notes] : [])].join('\n');
}
