/** An outbox item as the core lists it, for renderer tests: an install of FTC-1, queued. */
import type { OutboxItem } from '../../electron/shared';

export const outboxItem = (patch: Partial<OutboxItem> = {}): OutboxItem => ({
  id: 'o1',
  kind: 'install',
  serial: 'FTC-1',
  locationId: 'l1',
  locationName: 'Hamburg Harbour',
  fromLocationId: null,
  createdAt: '2026-05-04T12:00:00Z',
  state: 'queued',
  attempts: 0,
  lastError: null,
  conflictLocation: null,
  stepsDone: 0,
  waitingFor: null,
  replaces: null,
  acceptedAt: null,
  ...patch,
});
