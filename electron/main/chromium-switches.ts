/**
 * Chromium settings the app's window runs with, set before Electron is ready. The bench's
 * Chromium plays this window (Electron cannot start on the build machines), so it launches with
 * the same list (tests/bench/browser-app.ts).
 *
 * DeferRendererTasksAfterInput (on by default in current Chromium, 156 on this machine) holds
 * every task of the page back from a key press or release until the next frame. In this window the task it
 * holds back is the answer to that key: the search results. Measured with the bench's Chromium:
 * a key released while its results were on their way showed them up to one frame (16.7 ms)
 * later; the 95th percentile from key to results painted fell from 20.6–24.2 ms to
 * 17.9–19.5 ms without it (npm run bench -- --only inventory-1m).
 */
export const DISABLED_CHROMIUM_FEATURES: readonly string[] = ['DeferRendererTasksAfterInput'];

export interface CommandLine {
  appendSwitch(name: string, value?: string): void;
}

export function applyChromiumSwitches(commandLine: CommandLine): void {
  commandLine.appendSwitch('disable-features', DISABLED_CHROMIUM_FEATURES.join(','));
}
