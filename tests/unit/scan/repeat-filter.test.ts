import { describe, expect, it } from 'vitest';
import { createRepeatFilter } from '../../../renderer/src/lib/scan/repeat-filter';

describe('camera repeat filter', () => {
  function setup(quietMs = 2_000) {
    let t = 0;
    const isNew = createRepeatFilter({ quietMs, now: () => t });
    return { isNew, at: (ms: number, text: string) => ((t = ms), isNew(text)) };
  }

  it('passes a value once while it stays in view, frame after frame', () => {
    const { at } = setup();
    const frames = [0, 150, 300, 450, 3_000, 3_150].map((ms) => at(ms, 'FTC-1'));
    // Seen every <2 s until 450 ms, then a 2.5 s gap (it left the view) → passes again.
    expect(frames).toEqual([true, false, false, false, true, false]);
  });

  it('passes a different value at once, and the first again after switching back', () => {
    const { at } = setup();
    expect([at(0, 'A-1'), at(150, 'B-2'), at(300, 'A-1')]).toEqual([true, true, true]);
  });

  it('counts the quiet time from the last sighting, not from the first', () => {
    const { at } = setup(1_000);
    expect([at(0, 'A-1'), at(900, 'A-1'), at(1_800, 'A-1'), at(2_801, 'A-1')]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});
