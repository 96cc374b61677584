/** What the app around the screens asks: updates, the proxy's sign-in, the network state, the languages. */
import { Empty } from './fields';
import { MESSAGE_LOCALES } from '../../../i18n/locales';
import { op } from './operation';
import { z } from 'zod';

export const appOperations = {
  /**
   * The technician chose "Restart" on the update notice (Electron only).
   * Answers: started: false when no update is ready (or in browser mode).
   */
  installUpdate: op(Empty).returns<{ started: boolean }>(),
  /**
   * The answer to a `proxy-login` event (Electron only, handled in the main process,
   * electron/main/proxy-login.ts): the proxy's user name and password, optionally remembered in
   * the keychain, or "cancel".
   * Answers: false when no sign-in was waiting for that id (answered already, or browser mode).
   */
  answerProxyLogin: op(
    z
      .object({
        id: z.string().regex(/^[0-9a-f]{16}$/),
        answer: z.discriminatedUnion('kind', [
          z
            .object({
              kind: z.literal('sign-in'),
              username: z.string().trim().min(1).max(256),
              password: z.string().min(1).max(1024),
              remember: z.boolean(),
            })
            .strict(),
          z.object({ kind: z.literal('cancel') }).strict(),
        ]),
      })
      .strict(),
  ).returns<{ accepted: boolean }>(),
  /**
   * The operating system's network state: the page's `online`/`offline` events (and its
   * state at start), the desktop app's `net.isOnline()` after a wake. `false` is offline at
   * once; `true` asks the server at once and answers when it has. `saveData` and
   * `effectiveType` are what the page's `navigator.connection` says of the link, when it says:
   * a scheduled refresh of the full lists waits on a link the user saves data on or a very
   * slow one (decision record 32). The operating system's "metered connection" is not among them:
   * Electron does not expose it.
   * Answers what the core believes after acting on it (after the probe `online: true` starts).
   */
  networkChanged: op(
    z
      .object({
        online: z.boolean(),
        /** The page was opened or reloaded, or came back to the front: ask the server now. */
        recheck: z.boolean().optional(),
        saveData: z.boolean().optional(),
        effectiveType: z.enum(['slow-2g', '2g', '3g', '4g']).optional(),
      })
      .strict(),
  ).returns<{ online: boolean }>(),
  /**
   * The languages the operating system prefers, most preferred first (the desktop app asks
   * the OS; empty where the host cannot tell, e.g. browser mode: the renderer then uses the
   * browser's own languages).
   */
  systemLanguages: op(Empty).returns<string[]>(),
  /**
   * The catalog the renderer speaks now (Settings → Language, or the system's), so the desktop
   * app's menus and dialogs speak it too. Answered by the main process; elsewhere (browser
   * mode) a no-op that says `applied: false`.
   */
  setLanguage: op(z.object({ locale: z.enum(MESSAGE_LOCALES) }).strict()).returns<{
    applied: boolean;
  }>(),
};
