import type { Session } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { setupPermissions } from '../../../electron/main/permissions';

vi.mock('electron', () => ({}));

type RequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: object,
) => void;
type CheckHandler = (
  contents: unknown,
  permission: string,
  origin: string,
  details: object,
) => boolean;
type DeviceHandler = (details: object) => boolean;

const installHandlers = () => {
  const handlers: { request?: RequestHandler; check?: CheckHandler; device?: DeviceHandler } = {};
  const session = {
    setPermissionRequestHandler: (h: RequestHandler) => (handlers.request = h),
    setPermissionCheckHandler: (h: CheckHandler) => (handlers.check = h),
    setDevicePermissionHandler: (h: DeviceHandler) => (handlers.device = h),
  };
  setupPermissions(session as unknown as Session);
  const { request, check, device } = handlers;
  if (!request || !check || !device) throw new Error('a permission handler was not installed');
  const ask = (permission: string, details: object): boolean => {
    let answer: boolean | undefined;
    request(null, permission, (granted) => (answer = granted), details);
    if (answer === undefined) throw new Error('callback not called');
    return answer;
  };
  return { ask, check, device };
};

const APP_PAGE = { requestingUrl: 'app://installer/index.html', isMainFrame: true };

describe('permission handlers (mocked electron, runs without Electron)', () => {
  it('grants the camera (video only) to the app page', () => {
    const { ask } = installHandlers();
    expect(ask('media', { ...APP_PAGE, mediaTypes: ['video'] })).toBe(true);
  });

  it.each([
    ['microphone', 'media', { ...APP_PAGE, mediaTypes: ['audio'] }],
    ['camera plus microphone', 'media', { ...APP_PAGE, mediaTypes: ['video', 'audio'] }],
    ['media without types', 'media', { ...APP_PAGE, mediaTypes: [] }],
    [
      'camera for another origin',
      'media',
      { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['video'] },
    ],
    ['camera for a subframe', 'media', { ...APP_PAGE, isMainFrame: false, mediaTypes: ['video'] }],
    [
      'camera for a file: page',
      'media',
      { requestingUrl: 'file:///x.html', isMainFrame: true, mediaTypes: ['video'] },
    ],
    ['geolocation', 'geolocation', APP_PAGE],
    ['notifications', 'notifications', APP_PAGE],
    ['clipboard read', 'clipboard-read', APP_PAGE],
    ['openExternal', 'openExternal', { ...APP_PAGE, externalURL: 'https://x.example' }],
    ['display capture', 'display-capture', APP_PAGE],
    ['usb', 'usb', APP_PAGE],
  ])('denies %s', (_label, permission, details) => {
    expect(installHandlers().ask(permission, details)).toBe(false);
  });

  it('answers permission checks the same way', () => {
    const { check } = installHandlers();
    const main = { isMainFrame: true };
    expect(check(null, 'media', 'app://installer', { ...main, mediaType: 'video' })).toBe(true);
    expect(check(null, 'media', 'app://installer', { ...main, mediaType: 'audio' })).toBe(false);
    expect(check(null, 'media', 'app://installer', { ...main, mediaType: 'unknown' })).toBe(false);
    expect(check(null, 'media', 'https://evil.example', { ...main, mediaType: 'video' })).toBe(
      false,
    );
    expect(check(null, 'media', 'app://installer.evil', { ...main, mediaType: 'video' })).toBe(
      false,
    );
    expect(check(null, 'geolocation', 'app://installer', main)).toBe(false);
    expect(check(null, 'hid', 'app://installer', main)).toBe(false);
  });

  it('refuses every USB/HID/serial device', () => {
    const { device } = installHandlers();
    expect(device({ deviceType: 'usb', origin: 'app://installer', device: {} })).toBe(false);
    expect(device({ deviceType: 'hid', origin: 'app://installer', device: {} })).toBe(false);
  });
});
