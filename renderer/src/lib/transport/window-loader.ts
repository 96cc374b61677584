import type { AppErrorShape, DeviceWindow, OperationInput } from '$shared';
import { toErrorShape } from './app-failure';
import {
  EMPTY_FILTER,
  queryInput,
  sameFilter,
  type DeviceFilter,
  type InventoryView,
} from '../lists/device-filter';
import { atTop, covers, rangeOf, windowAround, type RowRange } from '../lists/device-window';

export type DeviceQuery = (
  input: OperationInput<'queryDevices'>,
  signal: AbortSignal,
) => Promise<DeviceWindow>;

export interface LoaderState {
  /** The latest answer of the current search, or the rows of the previous one until then. */
  window: DeviceWindow | null;
  error: AppErrorShape | null;
  loading: boolean;
}

/** Before the list has measured itself: about one screen of rows. */
const FIRST_VISIBLE: RowRange = { start: 0, end: 20 };

/**
 * Asks the core for the window of device rows the list shows, as it scrolls.
 *
 * A new search or filter, or a `refresh()` after the data changed, starts a new generation:
 * answers of older generations are dropped (and their requests aborted), while the rows
 * already shown stay until the new answer replaces them, so the list never flashes empty.
 * Within a generation one window is asked at a time; scrolling past it while it is on its
 * way asks again when it lands, so fast scrolling cannot starve itself by cancelling every
 * answer before it arrives. Plain TypeScript (no runes) so the sequencing is unit-tested.
 */
export class WindowLoader {
  readonly #view: InventoryView;
  readonly #query: DeviceQuery;
  readonly #publish: (state: LoaderState) => void;
  #state: LoaderState = { window: null, error: null, loading: false };
  #filter: DeviceFilter = { ...EMPTY_FILTER };
  #visible: RowRange = FIRST_VISIBLE;
  #generation = 0;
  /** Which generation `window` answered: rows of an older one are shown but do not count as
   * loaded, so the new generation asks for them again. */
  #windowGeneration = -1;
  #inFlight: AbortController | null = null;
  /** The last request answered in this generation. It is never asked twice in a row, so a
   * core answering fewer rows than it counted cannot make the list ask forever. */
  #lastAnswered: string | null = null;
  #started = false;

  constructor(view: InventoryView, query: DeviceQuery, publish: (state: LoaderState) => void) {
    this.#view = view;
    this.#query = query;
    this.#publish = publish;
  }

  /** Typing and filter changes re-query at once (the match is an indexed lookup in SQL).
   * Answers true when the question changed, i.e. the list should go back to its top. */
  setFilter(filter: DeviceFilter): boolean {
    const changed = !sameFilter(filter, this.#filter);
    this.#filter = { ...filter };
    // Before the screen's first refresh() there is nothing to redo: that one asks with it.
    if (!changed || !this.#started) return false;
    this.#visible = atTop(this.#visible);
    void this.#restart();
    return true;
  }

  /** The list scrolled or was resized. */
  setVisible(range: RowRange): void {
    this.#visible = range;
    this.#askIfNeeded();
  }

  /** The data changed (push event, sync finished) or the screen opened: ask for where the
   * list is now, keeping the scroll position. */
  refresh(): Promise<void> {
    this.#started = true;
    return this.#restart();
  }

  #set(patch: Partial<LoaderState>): void {
    this.#state = { ...this.#state, ...patch };
    this.#publish(this.#state);
  }

  #restart(): Promise<void> {
    this.#generation += 1;
    this.#inFlight?.abort();
    this.#inFlight = null;
    this.#lastAnswered = null;
    return this.#ask();
  }

  #askIfNeeded(): void {
    if (!this.#started || this.#state.error !== null || this.#inFlight) return;
    const { window } = this.#state;
    if (window && this.#windowGeneration === this.#generation) {
      const margin = Math.ceil((this.#visible.end - this.#visible.start) / 2);
      if (covers(rangeOf(window), this.#visible, window.matched, margin)) return;
    }
    void this.#ask();
  }

  async #ask(): Promise<void> {
    const generation = this.#generation;
    const { window } = this.#state;
    const known = window && this.#windowGeneration === generation ? window.matched : null;
    const input = queryInput(this.#view, this.#filter, windowAround(this.#visible, known));
    const key = JSON.stringify(input);
    if (key === this.#lastAnswered) return;
    const controller = new AbortController();
    this.#inFlight = controller;
    this.#set({ loading: true });
    let answer: DeviceWindow;
    try {
      answer = await this.#query(input, controller.signal);
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#inFlight = null;
      this.#set({ error: toErrorShape(error), loading: false });
      return;
    }
    if (generation !== this.#generation) return;
    this.#inFlight = null;
    this.#windowGeneration = generation;
    this.#lastAnswered = key;
    this.#set({ window: answer, error: null, loading: false });
    this.#askIfNeeded();
  }

  /** "Try again" after an error: same place, same search. */
  retry(): Promise<void> {
    this.#set({ error: null });
    return this.refresh();
  }
}
