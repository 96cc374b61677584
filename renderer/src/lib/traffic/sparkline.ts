/** SVG polyline points for a sparkline; '' when there is nothing to draw. The y axis starts
 * at zero so a quiet week looks quiet rather than being stretched to fill the box. */
export const sparklinePoints = (
  values: readonly number[],
  width: number,
  height: number,
  pad = 0,
): string => {
  if (values.length === 0) return '';
  const max = Math.max(...values, 1);
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  const step = values.length > 1 ? innerW / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = pad + (values.length > 1 ? i * step : innerW / 2);
      const y = pad + innerH - (Math.max(0, v) / max) * innerH;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
};
