/**
 * Runs in the sandboxed preload (bundled to dist/electron/preload.cjs: sandboxed preloads
 * cannot require local files). Exposes one named function per contract operation plus
 * onEvent — never a generic invoke or send, so the page can reach only the contract.
 * Answers are envelopes as JSON text, passed on untouched (EnvelopeText in the contract).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  channelFor,
  EVENT_CHANNEL,
  OPERATION_NAMES,
  type InstallerApi,
  type PushEvent,
} from '../shared';

const operations = Object.fromEntries(
  OPERATION_NAMES.map((name) => [
    name,
    (input: unknown): Promise<string> => ipcRenderer.invoke(channelFor(name), input),
  ]),
);

const onEvent = (listener: (event: PushEvent) => void): (() => void) => {
  if (typeof listener !== 'function') throw new TypeError('onEvent needs a function');
  // The IpcRendererEvent (with its sender) stays here; the page gets the payload only.
  const forward = (_event: IpcRendererEvent, payload: PushEvent): void => listener(payload);
  ipcRenderer.on(EVENT_CHANNEL, forward);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  };
};

// The mapped type cannot be built by a loop without an assertion; names come from the contract.
const api = { ...operations, onEvent } as InstallerApi;

contextBridge.exposeInMainWorld('installer', api);
