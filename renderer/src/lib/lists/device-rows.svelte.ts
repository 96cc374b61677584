import { call } from '../transport/transport';
import type { AppErrorShape, DeviceView, DeviceWindow } from '$shared';
import type { DeviceFilter, InventoryView } from './device-filter';
import { rowOf, type RowRange } from './device-window';
import { WindowLoader, type DeviceQuery } from '../transport/window-loader';

/** The inventory's rows for the screen: a WindowLoader (window-loader.ts) whose state is
 * mirrored into runes. */
export class DeviceRows {
  /** The latest answer: the rows it holds and the counts around them. */
  window = $state.raw<DeviceWindow | null>(null);
  error = $state<AppErrorShape | null>(null);
  loading = $state(false);
  /** Bumped when the search or a filter changes: the list scrolls back to its top. */
  queryVersion = $state(0);
  /** Rows the list is sized for: the matches. */
  count = $derived(this.window?.matched ?? 0);
  readonly #loader: WindowLoader;

  constructor(
    view: InventoryView,
    query: DeviceQuery = (input, signal) => call('queryDevices', input, signal),
  ) {
    this.#loader = new WindowLoader(view, query, (state) => {
      this.window = state.window;
      this.error = state.error;
      this.loading = state.loading;
    });
  }

  rowAt(index: number): DeviceView | undefined {
    return rowOf(this.window, index);
  }

  setFilter(filter: DeviceFilter): void {
    if (this.#loader.setFilter(filter)) this.queryVersion += 1;
  }

  setVisible(range: RowRange): void {
    this.#loader.setVisible(range);
  }

  refresh(): Promise<void> {
    return this.#loader.refresh();
  }

  retry(): Promise<void> {
    return this.#loader.retry();
  }
}
