import { describe, expect, it, vi } from 'vitest';
import type { PushEvent } from '../../../electron/shared';
import { applyAppCommand, isRoutePath } from '../../../renderer/src/lib/navigation/app-commands';

const target = () => ({
  location: { hash: '#/locations' },
  history: { back: vi.fn() },
  focusSearch: vi.fn(),
});

describe('shell commands in the page (menu shortcuts, deep links)', () => {
  it('navigates to the hash route, and focuses search only when asked', () => {
    const t = target();
    expect(applyAppCommand({ type: 'navigate', path: '/scan', focusSearch: false }, t)).toBe(true);
    expect(t.location.hash).toBe('#/scan');
    expect(t.focusSearch).not.toHaveBeenCalled();
    applyAppCommand({ type: 'navigate', path: '/inventory', focusSearch: true }, t);
    expect(t.location.hash).toBe('#/inventory');
    expect(t.focusSearch).toHaveBeenCalledOnce();
    applyAppCommand({ type: 'navigate', path: '/devices/CNT-00042', focusSearch: false }, t);
    expect(t.location.hash).toBe('#/devices/CNT-00042');
  });

  it('goes back in history on go-back', () => {
    const t = target();
    expect(applyAppCommand({ type: 'go-back' }, t)).toBe(true);
    expect(t.history.back).toHaveBeenCalledOnce();
  });

  it.each([
    '',
    'scan',
    '/',
    '//evil.example/x',
    '/locations/../settings',
    '/locations/..',
    '/locations/a?x=1',
    '/locations/a#b',
    'javascript:alert(1)',
    '/locations/%2e%2e',
    `/locations/${'a'.repeat(400)}`,
  ])('refuses %j and leaves the page where it is', (path) => {
    const t = target();
    expect(applyAppCommand({ type: 'navigate', path, focusSearch: true }, t)).toBe(false);
    expect(t.location.hash).toBe('#/locations');
    expect(t.focusSearch).not.toHaveBeenCalled();
    expect(isRoutePath(path)).toBe(false);
  });

  it('ignores the core’s own events', () => {
    const t = target();
    const event: PushEvent = { type: 'connectivity', online: false };
    expect(applyAppCommand(event, t)).toBe(false);
    expect(t.history.back).not.toHaveBeenCalled();
  });
});
