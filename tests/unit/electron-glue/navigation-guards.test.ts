import type { WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({ shell: { openExternal: vi.fn(async () => undefined) } }));
vi.mock('electron', () => electron);

const { isAllowedExternalUrl, setupNavigationGuards } =
  await import('../../../electron/main/navigation-guards');

type Listener = (event: FakeEvent) => void;
type WindowOpen = (details: { url: string }) => { action: string };
interface FakeEvent {
  url?: string;
  isMainFrame?: boolean;
  preventDefault: ReturnType<typeof vi.fn>;
}

/** Just the WebContents surface the guards use, recording listeners for the test to fire. */
const fakeContents = () => {
  const listeners = new Map<string, Listener[]>();
  let windowOpen: WindowOpen | null = null;
  const contents = {
    on: (name: string, listener: Listener) => {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      return contents;
    },
    setWindowOpenHandler: (handler: WindowOpen) => {
      windowOpen = handler;
    },
  };
  const fire = (name: string, init: Omit<FakeEvent, 'preventDefault'> = {}): FakeEvent => {
    const event: FakeEvent = { ...init, preventDefault: vi.fn() };
    for (const listener of listeners.get(name) ?? []) listener(event);
    return event;
  };
  const open = (url: string) => {
    if (windowOpen === null) throw new Error('no window open handler');
    return windowOpen({ url });
  };
  return { contents: contents as unknown as WebContents, fire, open };
};

const setup = () => {
  const openExternal = vi.fn(async (_url: string) => undefined);
  const fake = fakeContents();
  setupNavigationGuards(fake.contents, openExternal);
  return { ...fake, openExternal };
};

describe('navigation guards (mocked electron, runs without Electron)', () => {
  it('lets the page navigate within the app origin', () => {
    const { fire } = setup();
    expect(
      fire('will-navigate', { url: 'app://installer/index.html#/devices' }).preventDefault,
    ).not.toHaveBeenCalled();
  });

  it.each([
    'https://example.com/',
    'http://localhost:5173/',
    'file:///etc/passwd',
    'app://evil/index.html',
    'javascript:alert(1)',
    'data:text/html,<h1>x</h1>',
  ])('cancels navigation to %s', (url) => {
    const { fire, openExternal } = setup();
    expect(fire('will-navigate', { url }).preventDefault).toHaveBeenCalled();
    expect(fire('will-redirect', { url }).preventDefault).toHaveBeenCalled();
    expect(
      fire('will-frame-navigate', { url, isMainFrame: false }).preventDefault,
    ).toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('hands an allowlisted https link to the system browser once, and still cancels it', () => {
    const { fire, openExternal } = setup();
    const url = 'https://help.fieldinstaller.com/scanning';
    expect(fire('will-navigate', { url }).preventDefault).toHaveBeenCalled();
    fire('will-frame-navigate', { url, isMainFrame: true });
    fire('will-redirect', { url });
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(openExternal).toHaveBeenCalledWith(url);
  });

  it('denies every window.open, opening only allowlisted https URLs externally', () => {
    const { open, openExternal } = setup();
    expect(open('https://help.fieldinstaller.com/')).toEqual({ action: 'deny' });
    expect(open('https://example.com/')).toEqual({ action: 'deny' });
    expect(open('app://installer/index.html')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://help.fieldinstaller.com/']]);
  });

  it('prevents attaching a webview', () => {
    const { fire } = setup();
    expect(fire('will-attach-webview').preventDefault).toHaveBeenCalled();
  });

  it('uses shell.openExternal by default', () => {
    const fake = fakeContents();
    setupNavigationGuards(fake.contents);
    fake.open('https://fieldinstaller.com/contact');
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://fieldinstaller.com/contact');
  });

  it.each([
    ['https://help.fieldinstaller.com/a', true],
    ['https://fieldinstaller.com/', true],
    ['http://help.fieldinstaller.com/a', false],
    ['https://help.fieldinstaller.com.evil.example/', false],
    ['https://evil.example/?https://help.fieldinstaller.com', false],
    ['https://user:pw@help.fieldinstaller.com/', false],
    ['https://help.fieldinstaller.com:8443/', false],
    ['mailto:support@fieldinstaller.com', false],
    ['not a url', false],
  ])('external allowlist: %s → %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed);
  });
});
