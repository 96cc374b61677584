import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  channelFor,
  EVENT_CHANNEL,
  OPERATION_NAMES,
  type OperationName,
  type PushEvent,
} from '../../../electron/contract';
import type { Core } from '../../../electron/core/core';
import type { Logger } from '../../../electron/common/logger';

type Handler = (event: IpcMainInvokeEvent, input: unknown) => Promise<unknown>;
const electron = vi.hoisted(() => ({
  handlers: new Map<string, Handler>(),
  ipcMain: {
    handle: vi.fn(),
    removeHandler: vi.fn(),
  },
}));
vi.mock('electron', () => ({ ipcMain: electron.ipcMain }));

const { setupIpc } = await import('../../../electron/main/ipc');

/** A core that records calls and answers like the real one (an envelope, never a throw). */
const recordingCore = () => {
  const calls: [OperationName, unknown][] = [];
  let listener: ((event: PushEvent) => void) | null = null;
  const core: Core = {
    invoke: async () => {
      throw new Error('IPC must use invokeJson');
    },
    invokeJson: async (name, input) => {
      calls.push([name, input]);
      return JSON.stringify({ ok: true, value: { echoed: name } });
    },
    onEvent: (l) => {
      listener = l;
      return () => (listener = null);
    },
    close: async () => undefined,
  };
  const push = (event: PushEvent) => listener?.(event);
  return { core, calls, push, subscribed: () => listener !== null };
};

const mainFrame = { url: 'app://installer/index.html', parent: null, processId: 7, routingId: 1 };
const contents = {
  mainFrame,
  isDestroyed: vi.fn(() => false),
  send: vi.fn(),
};
const ourContents = contents as unknown as WebContents;
const log: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

const eventFrom = (sender: unknown, senderFrame: unknown) =>
  ({ sender, senderFrame }) as unknown as IpcMainInvokeEvent;

const handlerFor = (name: OperationName): Handler => {
  const handler = electron.handlers.get(channelFor(name));
  if (!handler) throw new Error(`no handler for ${name}`);
  return handler;
};

describe('IPC handlers (mocked electron, runs without Electron)', () => {
  let fake: ReturnType<typeof recordingCore>;
  let dispose: () => void;

  beforeEach(() => {
    vi.clearAllMocks();
    electron.handlers.clear();
    electron.ipcMain.handle.mockImplementation((channel: string, handler: Handler) => {
      if (electron.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      electron.handlers.set(channel, handler);
    });
    contents.isDestroyed.mockReturnValue(false);
    fake = recordingCore();
    dispose = setupIpc({ core: fake.core, getWebContents: () => ourContents, log });
  });

  it('registers exactly one channel per contract operation and nothing else', () => {
    const registered = new Set(electron.ipcMain.handle.mock.calls.map(([channel]) => channel));
    expect(registered).toEqual(new Set(OPERATION_NAMES.map(channelFor)));
    expect(electron.ipcMain.handle).toHaveBeenCalledTimes(OPERATION_NAMES.length);
  });

  it('passes input from our window to core.invokeJson and returns its envelope text', async () => {
    const input = { serial: 'abc-123', locationId: 'loc-1' };
    const result = await handlerFor('installDevice')(eventFrom(ourContents, mainFrame), input);
    expect(fake.calls).toEqual([['installDevice', input]]);
    expect(result).toBe(JSON.stringify({ ok: true, value: { echoed: 'installDevice' } }));
  });

  it('accepts a different wrapper object for the same main frame', async () => {
    await handlerFor('listLocations')(eventFrom(ourContents, { ...mainFrame }), {});
    expect(fake.calls).toEqual([['listLocations', {}]]);
  });

  it.each([
    ['another webContents', () => eventFrom({ ...contents }, mainFrame)],
    [
      'a subframe of our window',
      () =>
        eventFrom(ourContents, {
          url: 'app://installer/index.html',
          parent: mainFrame,
          processId: 7,
          routingId: 2,
        }),
    ],
    [
      'our frame after navigating away',
      () => eventFrom(ourContents, { ...mainFrame, url: 'https://evil.example/' }),
    ],
    ['a destroyed frame', () => eventFrom(ourContents, null)],
  ])('refuses a call from %s without reaching the core', async (_label, makeEvent) => {
    const event = makeEvent();
    const result = await handlerFor('signIn')(event, {
      baseUrl: 'https://x',
      apiKey: 'k'.repeat(10),
    });
    expect(JSON.parse(String(result))).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(fake.calls).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ operation: 'signIn' }),
    );
    expect(JSON.stringify(vi.mocked(log.warn).mock.calls)).not.toContain('kkkkkkkkkk');
  });

  it('refuses calls while no window is open', async () => {
    dispose();
    electron.handlers.clear();
    setupIpc({ core: fake.core, getWebContents: () => null, log });
    const result = await handlerFor('listLocations')(eventFrom(ourContents, mainFrame), {});
    expect(JSON.parse(String(result))).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('turns a core that throws into an envelope without its details', async () => {
    fake.core.invokeJson = async () => {
      throw new Error('secret internals at /home/tech/.config');
    };
    const result = await handlerFor('listLocations')(eventFrom(ourContents, mainFrame), {});
    expect(JSON.parse(String(result))).toMatchObject({ ok: false, error: { kind: 'server' } });
    expect(String(result)).not.toContain('secret internals');
  });

  it('answers a main-process operation (savePdf) in main with our window, not in the core', async () => {
    dispose();
    electron.handlers.clear();
    const savePdf = vi.fn(async () => JSON.stringify({ ok: true, value: { saved: true } }));
    dispose = setupIpc({
      core: fake.core,
      getWebContents: () => ourContents,
      log,
      mainOperations: { savePdf },
    });
    const input = { fileName: 'r.pdf' };
    const result = await handlerFor('savePdf')(eventFrom(ourContents, mainFrame), input);
    expect(JSON.parse(String(result))).toEqual({ ok: true, value: { saved: true } });
    expect(savePdf).toHaveBeenCalledWith(ourContents, input);
    expect(fake.calls).toEqual([]);
    // From another frame it is refused like every other operation.
    const other = { ...mainFrame, url: 'https://evil.example/' };
    const refused = await handlerFor('savePdf')(eventFrom(ourContents, other), input);
    expect(JSON.parse(String(refused))).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(savePdf).toHaveBeenCalledTimes(1);
  });

  it('forwards core events to our window only while it is alive', () => {
    const event: PushEvent = { type: 'connectivity', online: false };
    fake.push(event);
    expect(contents.send).toHaveBeenCalledWith(EVENT_CHANNEL, event);
    contents.isDestroyed.mockReturnValue(true);
    fake.push(event);
    expect(contents.send).toHaveBeenCalledTimes(1);
  });

  it('removes every handler and the event subscription on dispose', () => {
    dispose();
    expect(new Set(electron.ipcMain.removeHandler.mock.calls.map(([c]) => c))).toEqual(
      new Set(OPERATION_NAMES.map(channelFor)),
    );
    expect(fake.subscribed()).toBe(false);
  });
});
