/**
 * The part of `npm run dev` that decides when Electron restarts: bundle writes arrive in
 * bursts (main.cjs and preload.cjs, several chunks), so changes are collected for `delayMs`
 * and Electron restarts once after the burst. A restart waits for the old process to end, so
 * two Electrons never hold the data folder at once (the second would refuse to start).
 */
export interface DevProcess {
  /** Resolves when the process has ended. */
  exited: Promise<void>;
  stop(): void;
}

export interface Restarter {
  /** A file changed; schedules a (re)start. */
  changed(file: string): void;
  /** Stops the current process and forgets pending restarts. */
  close(): Promise<void>;
}

/** Only the Electron bundles restart the app; the renderer is reloaded in place instead. */
export const restartsApp = (file: string): boolean => /(^|[\\/])(main|preload)\.cjs$/.test(file);

export interface RestarterOptions {
  delayMs?: number;
  log?: (line: string) => void;
}

export const createRestarter = (
  start: () => DevProcess,
  { delayMs = 300, log = () => undefined }: RestarterOptions = {},
): Restarter => {
  let current: DevProcess | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  const restart = (): void => {
    chain = chain.then(async () => {
      if (closed) return;
      if (current) {
        log('restarting Electron');
        current.stop();
        await current.exited;
      }
      if (!closed) current = start();
    });
  };

  return {
    changed(file) {
      if (closed || !restartsApp(file)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        restart();
      }, delayMs);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await chain;
      if (current) {
        current.stop();
        await current.exited;
        current = null;
      }
    },
  };
};
