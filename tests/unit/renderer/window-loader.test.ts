import { describe, expect, it } from 'vitest';
import type { DeviceWindow, OperationInput } from '../../../electron/shared';
import { aDeviceView } from '../../helpers/device-view';
import { AppFailure } from '../../../renderer/src/lib/transport/app-failure';
import { EMPTY_FILTER } from '../../../renderer/src/lib/lists/device-filter';
import { viewportRows } from '../../../renderer/src/lib/lists/virtual-range';
import { WindowLoader, type LoaderState } from '../../../renderer/src/lib/transport/window-loader';

type Input = OperationInput<'queryDevices'>;

/** A core whose answers the test releases one by one, in any order. */
function fakeCore(matched = 1_000) {
  const asked: {
    input: Input;
    signal: AbortSignal;
    answer: () => void;
    fail: (e: unknown) => void;
  }[] = [];
  const query = (input: Input, signal: AbortSignal) =>
    new Promise<DeviceWindow>((resolve, reject) => {
      const rows = Array.from(
        { length: Math.max(0, Math.min(input.limit, matched - input.offset)) },
        (_, i) => aDeviceView(`${input.q ?? 'ALL'}-${input.offset + i}`),
      );
      asked.push({
        input,
        signal,
        answer: () =>
          resolve({
            offset: input.offset,
            rows,
            matched,
            matchedCapped: false,
            total: matched,
            fetchedAt: null,
          }),
        fail: reject,
      });
    });
  return { asked, query };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function loader(matched = 1_000) {
  const core = fakeCore(matched);
  const states: LoaderState[] = [];
  const l = new WindowLoader('uninstalled', core.query, (s) => states.push(s));
  const last = () => states[states.length - 1]!;
  return { core, l, last };
}

describe('the inventory window loader', () => {
  it('asks nothing before the screen opens, then the first screen and one more', async () => {
    const { core, l, last } = loader();
    l.setFilter({ ...EMPTY_FILTER, query: 'ab' });
    expect(core.asked).toHaveLength(0);
    void l.refresh();
    expect(core.asked[0]!.input).toMatchObject({ q: 'ab', offset: 0, limit: 40 });
    expect(last().loading).toBe(true);
    core.asked[0]!.answer();
    await settle();
    expect(last()).toMatchObject({ loading: false, error: null });
    expect(last().window?.rows[0]?.serial).toBe('ab-0');
  });

  it('asks again as the list scrolls toward the edge of what it holds, not before', async () => {
    const { core, l } = loader();
    void l.refresh();
    l.setVisible({ start: 0, end: 12 });
    core.asked[0]!.answer();
    await settle();
    expect(core.asked).toHaveLength(1); // 0–40 covers 0–12 and half a screen more
    l.setVisible({ start: 10, end: 22 });
    expect(core.asked).toHaveLength(1);
    l.setVisible({ start: 30, end: 42 });
    expect(core.asked).toHaveLength(2);
    expect(core.asked[1]!.input).toMatchObject({ offset: 18, limit: 36 });
  });

  it('answers a new search in one request after a search that matched one row', async () => {
    const { core, l, last } = loader(1);
    void l.refresh();
    // The list reports the rows its viewport has room for (viewportRows), not the one match.
    l.setVisible(viewportRows(56, 0, 640));
    core.asked[0]!.answer();
    await settle();
    expect(core.asked).toHaveLength(1);
    l.setFilter({ ...EMPTY_FILTER, query: 'a' });
    expect(core.asked).toHaveLength(2);
    expect(core.asked[1]!.input).toMatchObject({ offset: 0, limit: 24 });
    core.asked[1]!.answer();
    await settle();
    expect(core.asked).toHaveLength(2);
    expect(last().window?.rows).toHaveLength(1);
  });

  it('keeps the rows shown while the next window is on its way', async () => {
    const { core, l, last } = loader();
    void l.refresh();
    core.asked[0]!.answer();
    await settle();
    l.setVisible({ start: 500, end: 512 });
    expect(last().window?.offset).toBe(0);
    core.asked[1]!.answer();
    await settle();
    expect(last().window?.offset).toBe(488);
  });

  it('does not starve while scrolling fast: one window at a time, then where the list is now', async () => {
    const { core, l, last } = loader();
    void l.refresh();
    core.asked[0]!.answer();
    await settle();
    l.setVisible({ start: 100, end: 112 });
    l.setVisible({ start: 200, end: 212 });
    l.setVisible({ start: 300, end: 312 });
    expect(core.asked).toHaveLength(2);
    expect(core.asked[1]!.signal.aborted).toBe(false);
    core.asked[1]!.answer();
    await settle();
    expect(last().window?.offset).toBe(88);
    expect(core.asked).toHaveLength(3);
    expect(core.asked[2]!.input.offset).toBe(288);
  });

  it('drops and aborts the answer of an older search, however late it comes', async () => {
    const { core, l, last } = loader();
    void l.refresh();
    core.asked[0]!.answer();
    await settle();
    l.setFilter({ ...EMPTY_FILTER, query: 'a' });
    l.setFilter({ ...EMPTY_FILTER, query: 'ab' });
    expect(core.asked.map((a) => a.input.q)).toEqual([undefined, 'a', 'ab']);
    expect(core.asked[1]!.signal.aborted).toBe(true);
    core.asked[2]!.answer();
    await settle();
    core.asked[1]!.answer(); // the preload cannot abort: it answers anyway
    await settle();
    expect(last().window?.rows[0]?.serial).toBe('ab-0');
    expect(last().loading).toBe(false);
  });

  it('starts a new search at the top, and a refresh where the list is', async () => {
    const { core, l } = loader();
    void l.refresh();
    core.asked[0]!.answer();
    await settle();
    l.setVisible({ start: 600, end: 612 });
    core.asked[1]!.answer();
    await settle();
    void l.refresh();
    expect(core.asked[2]!.input.offset).toBe(588);
    expect(l.setFilter({ ...EMPTY_FILTER, query: 'x' })).toBe(true);
    expect(core.asked[3]!.input.offset).toBe(0);
    expect(l.setFilter({ ...EMPTY_FILTER, query: 'x ' })).toBe(false);
    expect(core.asked).toHaveLength(4);
  });

  it('asks the new search for rows the old one had loaded', async () => {
    const { core, l } = loader();
    void l.refresh();
    core.asked[0]!.answer();
    await settle();
    l.setFilter({ ...EMPTY_FILTER, query: 'x' });
    core.asked[1]!.answer();
    await settle();
    l.setVisible({ start: 0, end: 12 });
    expect(core.asked).toHaveLength(2);
  });

  it('shows an error, keeps the rows, and asks nothing more until "Try again"', async () => {
    const { core, l, last } = loader();
    void l.refresh();
    core.asked[0]!.answer();
    await settle();
    l.setVisible({ start: 500, end: 512 });
    core.asked[1]!.fail(new AppFailure({ kind: 'storage', code: 'disk_full' }));
    await settle();
    expect(last().error?.kind).toBe('storage');
    expect(last().window?.offset).toBe(0);
    l.setVisible({ start: 700, end: 712 });
    expect(core.asked).toHaveLength(2);
    void l.retry();
    expect(last().error).toBeNull();
    expect(core.asked[2]!.input.offset).toBe(688);
  });

  it('does not ask the same window forever when the core holds fewer rows than it counted', async () => {
    let calls = 0;
    const short = (input: Input): Promise<DeviceWindow> => {
      calls += 1;
      return Promise.resolve({
        offset: input.offset,
        rows: [aDeviceView('A'), aDeviceView('B'), aDeviceView('C')],
        matched: 1_000,
        matchedCapped: false,
        total: 1_000,
        fetchedAt: null,
      });
    };
    const l = new WindowLoader('all', short, () => undefined);
    await l.refresh();
    await settle();
    expect(calls).toBe(1);
    // A scroll may ask once more for its new window, and then no more.
    l.setVisible({ start: 0, end: 12 });
    await settle();
    await settle();
    expect(calls).toBe(2);
  });
});
