import { describe, expect, it, vi } from 'vitest';
import type { PushEvent } from '../../../electron/shared';
import { setupDeepLinks } from '../../../electron/main/deep-links';

type Listener = (...args: unknown[]) => void;

/** A mocked electron `app`: records listeners and the protocol registration. */
const mockedApp = (isPackaged = true) => {
  const listeners = new Map<string, Listener>();
  return {
    listeners,
    app: {
      isPackaged,
      on: vi.fn((name: string, listener: Listener) => listeners.set(name, listener)),
      setAsDefaultProtocolClient: vi.fn(() => true),
    },
  };
};

const setup = (argv: string[] = [], canSend = true, isPackaged = true) => {
  const { app, listeners } = mockedApp(isPackaged);
  const sent: PushEvent[] = [];
  let receiving = canSend;
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const focus = vi.fn();
  const links = setupDeepLinks({
    app: app as never,
    argv,
    send: (event) => {
      if (!receiving) return false;
      sent.push(event);
      return true;
    },
    focus,
    log,
    execPath: '/opt/electron/electron',
    appPath: '/home/dev/field-installer',
  });
  return { app, listeners, sent, log, focus, links, startReceiving: () => (receiving = true) };
};

const navigate = (path: string): PushEvent => ({ type: 'navigate', path, focusSearch: false });

describe('deep links glue (mocked electron app)', () => {
  it('registers the fieldinstaller scheme (packaged: the app itself; unpackaged: electron + app path)', () => {
    expect(setup().app.setAsDefaultProtocolClient).toHaveBeenCalledWith('fieldinstaller');
    expect(setup([], true, false).app.setAsDefaultProtocolClient).toHaveBeenCalledWith(
      'fieldinstaller',
      '/opt/electron/electron',
      ['/home/dev/field-installer'],
    );
  });

  it('keeps a first-start link (argv) until the page has loaded, then routes it once', () => {
    const t = setup(['/opt/fi/field-installer', 'fieldinstaller://locations/loc-7'], false);
    expect(t.sent).toEqual([]);
    t.startReceiving();
    t.links.rendererReady();
    t.links.rendererReady();
    expect(t.sent).toEqual([navigate('/locations/loc-7')]);
  });

  it('routes a link from a second instance (argv) and focuses the window', () => {
    const t = setup();
    t.listeners.get('second-instance')?.(
      {},
      ['/opt/fi/field-installer', 'fieldinstaller://devices/cnt-9'],
      '/',
    );
    expect(t.sent).toEqual([navigate('/devices/cnt-9')]);
    expect(t.focus).toHaveBeenCalled();
    // A second start without a link only focuses.
    t.listeners.get('second-instance')?.({}, ['/opt/fi/field-installer'], '/');
    expect(t.sent).toHaveLength(1);
    expect(t.focus).toHaveBeenCalledTimes(2);
  });

  it('routes macOS open-url and keeps the OS from handling it again', () => {
    const t = setup();
    const event = { preventDefault: vi.fn() };
    t.listeners.get('open-url')?.(event, 'fieldinstaller://locations/store-1');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(t.sent).toEqual([navigate('/locations/store-1')]);
  });

  it('ignores and logs a hostile link: nothing is sent, nothing focused', () => {
    const t = setup();
    const hostile = 'fieldinstaller://locations/..%2F..%2Fsettings?api_key=secret';
    t.listeners.get('open-url')?.({ preventDefault: vi.fn() }, hostile);
    t.listeners.get('second-instance')?.({}, ['x', 'fieldinstaller://devices/a/b'], '/');
    expect(t.sent).toEqual([]);
    expect(t.focus).not.toHaveBeenCalled();
    expect(t.log.warn).toHaveBeenCalledWith('Ignored a link', {
      reason: expect.any(String),
      length: hostile.length,
    });
    // The link text itself is not logged.
    expect(JSON.stringify(t.log.warn.mock.calls)).not.toContain('secret');
  });
});
