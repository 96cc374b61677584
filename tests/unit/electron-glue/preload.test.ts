import { describe, expect, it, vi } from 'vitest';
import {
  channelFor,
  EVENT_CHANNEL,
  OPERATION_NAMES,
  type InstallerApi,
} from '../../../electron/shared';

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: {
    // The main process answers with envelope text (EnvelopeText in the contract).
    invoke: vi.fn(async (channel: string, input: unknown) =>
      JSON.stringify({ ok: true, value: { channel, input } }),
    ),
    on: vi.fn(),
    removeListener: vi.fn(),
  },
}));
vi.mock('electron', () => electron);

await import('../../../electron/preload/index');

const exposed = (): { key: unknown; api: InstallerApi } => {
  const [key, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] ?? [];
  return { key, api: api as InstallerApi };
};

describe('preload bridge (mocked electron, runs without Electron)', () => {
  it('exposes window.installer with exactly the contract operations plus onEvent', () => {
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    const { key, api } = exposed();
    expect(key).toBe('installer');
    expect(new Set(Object.keys(api))).toEqual(new Set([...OPERATION_NAMES, 'onEvent']));
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('has nothing generic: no invoke, send, on or ipcRenderer', () => {
    const { api } = exposed();
    for (const generic of ['invoke', 'send', 'sendSync', 'on', 'ipcRenderer', 'postMessage']) {
      expect(api).not.toHaveProperty(generic);
    }
  });

  it('sends each operation on its own derived channel and hands back the answer text', async () => {
    const { api } = exposed();
    const result = await api.getDevice({ serial: 'abc-1' });
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(channelFor('getDevice'), {
      serial: 'abc-1',
    });
    expect(typeof result).toBe('string');
    expect(JSON.parse(result)).toEqual({
      ok: true,
      value: { channel: 'installer:getDevice', input: { serial: 'abc-1' } },
    });
    await api.syncNow({});
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('installer:syncNow', {});
  });

  it('gives event listeners only the payload and lets them unsubscribe', () => {
    const { api } = exposed();
    const listener = vi.fn();
    const unsubscribe = api.onEvent(listener);
    const [channel, forward] = electron.ipcRenderer.on.mock.calls.at(-1) ?? [];
    expect(channel).toBe(EVENT_CHANNEL);
    const ipcEvent = { sender: { send: vi.fn() }, senderId: 0 };
    (forward as (...args: unknown[]) => void)(ipcEvent, { type: 'connectivity', online: true });
    expect(listener).toHaveBeenCalledWith({ type: 'connectivity', online: true });
    expect(listener.mock.calls[0]).toHaveLength(1);
    unsubscribe();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(EVENT_CHANNEL, forward);
  });

  it('rejects a non-function listener', () => {
    const { api } = exposed();
    expect(() => api.onEvent('alert(1)' as unknown as () => void)).toThrow(TypeError);
  });
});
