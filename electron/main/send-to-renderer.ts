import type { WebContents } from 'electron';
import { EVENT_CHANNEL, type PushEvent } from '../shared';

/**
 * Main's own push events (menu, deep links, updates) take the same channel as the core's, so
 * the preload's one `onEvent` carries them. Returns false while no window can receive them.
 */
export const sendToRenderer = (contents: WebContents | null, event: PushEvent): boolean => {
  if (contents === null || contents.isDestroyed()) return false;
  contents.send(EVENT_CHANNEL, event);
  return true;
};
