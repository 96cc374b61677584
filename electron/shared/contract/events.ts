/** What the core pushes to the page unasked. */
import type { OutboxItem, SyncReport, SyncState } from './outbox';
import type { SessionStatus } from './session';

export type PushEvent =
  | { type: 'connectivity'; online: boolean }
  | { type: 'outbox'; items: OutboxItem[] }
  | { type: 'sync'; report: SyncReport }
  | { type: 'sync-progress'; state: SyncState }
  | { type: 'data-updated'; resource: string }
  /** The pick list's lines are being checked: `checked` of its `lines` so far (a few a second). */
  | { type: 'pick-list-check'; visitId: string; checked: number; lines: number }
  | { type: 'session'; status: SessionStatus }
  /**
   * From the Electron main process (menu shortcuts, deep links): go to a hash path of the
   * walkthrough (`/scan`, `/inventory`, `/locations/{id}`, `/devices/{serial}`); with
   * `focusSearch` the search field takes the focus after.
   */
  | { type: 'navigate'; path: string; focusSearch: boolean }
  /** The menu's Back (Alt+Left / Cmd+[): the renderer's history goes back one step. */
  | { type: 'go-back' }
  /** An update was downloaded; it is installed only when the technician chooses to restart. */
  | { type: 'update-ready'; version: string }
  /**
   * The network's proxy asks for a user name and password (Electron's `login` with
   * authInfo.isProxy): the page asks once and answers with `answerProxyLogin`. `refused`: the
   * proxy refused the previous answer.
   */
  | {
      type: 'proxy-login';
      id: string;
      host: string;
      port: number;
      realm: string;
      refused: boolean;
    };
