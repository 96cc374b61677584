/** Activity entries for tests of what the renderer makes of a visit's log. */
import type { ActivityEntry } from '../../electron/shared';

let made = 0;

/** An entry: by default a done install of FTC-1 at "Store A", one minute after the last made. */
export const activityEntry = (patch: Partial<ActivityEntry> = {}): ActivityEntry => {
  made += 1;
  return {
    id: `e${made}`,
    at: new Date(Date.UTC(2026, 4, 4, 12, made)).toISOString(),
    action: 'install',
    serial: 'FTC-1',
    locationId: 'l1',
    locationName: 'Store A',
    result: 'done',
    detail: '',
    visitId: 'v1',
    fact: null,
    walkTest: null,
    intentId: null,
    sentAt: null,
    replaces: null,
    amendments: [],
    ...patch,
  };
};
