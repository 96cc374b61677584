/**
 * One ipcMain.handle per contract operation (no generic channel). Each call is checked to come
 * from our window's main frame on the app origin before the core sees it; the core validates
 * the input against the contract schema and answers with an envelope as JSON text
 * (EnvelopeText in the contract says why text).
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import {
  channelFor,
  EVENT_CHANNEL,
  OPERATION_NAMES,
  type Envelope,
  type OperationName,
} from '../contract';
import type { Core } from '../core/core';
import type { Logger } from '../common/logger';
import { isAppUrl } from './app-origin';

export interface IpcOptions {
  core: Core;
  /** The main window's contents, or null while no window is open. */
  getWebContents: () => WebContents | null;
  log: Logger;
  /** Operations the main process answers itself (they need the window), e.g. savePdf. */
  mainOperations?: Partial<
    Record<OperationName, (contents: WebContents, input: unknown) => Promise<string>>
  >;
}

const FORBIDDEN = JSON.stringify({
  ok: false,
  error: {
    kind: 'forbidden',
    message: 'This request did not come from the Field Installer window and was refused.',
    nextStep: 'Restart Field Installer. If this keeps happening, reinstall it.',
  },
} satisfies Envelope<never>);

const INTERNAL = JSON.stringify({
  ok: false,
  error: {
    kind: 'server',
    message: 'Something went wrong inside Field Installer.',
    nextStep: 'Try again. If it keeps happening, restart the app.',
  },
} satisfies Envelope<never>);

const isTrustedSender = (event: IpcMainInvokeEvent, contents: WebContents | null): boolean => {
  const frame = event.senderFrame;
  if (contents === null || contents.isDestroyed() || frame === null) return false;
  // Compared by ids, not object identity: the frame wrappers need not be the same instance.
  const main = contents.mainFrame;
  return (
    event.sender === contents &&
    frame.parent === null &&
    frame.processId === main.processId &&
    frame.routingId === main.routingId &&
    isAppUrl(frame.url)
  );
};

/** Registers the handlers and the event forwarder; returns a function that removes both. */
export const setupIpc = ({
  core,
  getWebContents,
  log,
  mainOperations = {},
}: IpcOptions): (() => void) => {
  for (const name of OPERATION_NAMES) {
    ipcMain.handle(channelFor(name), async (event: IpcMainInvokeEvent, input: unknown) => {
      const contents = getWebContents();
      if (!isTrustedSender(event, contents) || contents === null) {
        log.warn('Refused IPC call from an untrusted frame', {
          operation: name,
          url: event.senderFrame?.url ?? null,
        });
        return FORBIDDEN;
      }
      try {
        const local = mainOperations[name];
        if (local) return await local(contents, input);
        return await core.invokeJson(name, input);
      } catch (error) {
        // core.invokeJson promises never to throw; if it does, keep the details in the log only.
        log.error('Operation threw instead of returning an envelope', { operation: name, error });
        return INTERNAL;
      }
    });
  }
  const unsubscribe = core.onEvent((event) => {
    const contents = getWebContents();
    if (contents !== null && !contents.isDestroyed()) contents.send(EVENT_CHANNEL, event);
  });
  return () => {
    unsubscribe();
    for (const name of OPERATION_NAMES) ipcMain.removeHandler(channelFor(name));
  };
};
