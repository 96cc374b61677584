/** The session: signing in with an API key, the organization worked for, training mode. */
import { ApiKey, BaseUrl, Empty, Id } from './fields';
import { type Cached, op } from './operation';
import type { OrganizationView } from './views';
import { z } from 'zod';

/** What the technician must be told about the local data (never silent). */
export interface StorageHealth {
  /**
   * The queue file (work.db) was damaged — found at start or by a read that failed later: it
   * was moved aside, with how many queued actions it held (as far as can still be read).
   */
  outboxDamage: { unreadable: number; keptAt: string } | null;
  /** app.db (who was signed in, settings) was damaged at this start: moved aside, signed out. */
  settingsDamage: { keptAt: string } | null;
  /** The cached server data was damaged and is being downloaded again. */
  cacheRebuilt: boolean;
  /** Imported from an earlier version's files at first start (counts), null if nothing was. */
  imported: { queued: number; activity: number } | null;
}

export interface SessionStatus {
  signedIn: boolean;
  training: boolean;
  baseUrl: string | null;
  user: { name: string } | null;
  organizations: OrganizationView[];
  organization: OrganizationView | null;
  online: boolean;
  queued: number;
  storage: StorageHealth;
}

export const sessionOperations = {
  sessionStatus: op(Empty).returns<SessionStatus>(),
  signIn: op(z.object({ baseUrl: BaseUrl, apiKey: ApiKey }).strict()).returns<SessionStatus>(),
  chooseOrganization: op(z.object({ organizationId: Id }).strict()).returns<SessionStatus>(),
  /** `removeLocalData`: also delete this account's saved data (cache, queue, activity). */
  signOut: op(
    z.object({ removeLocalData: z.boolean().optional() }).strict(),
  ).returns<SessionStatus>(),
  startTraining: op(Empty).returns<SessionStatus>(),
  listOrganizations: op(Empty).returns<Cached<OrganizationView[]>>(),
  getOrganization: op(z.object({ organizationId: Id }).strict()).returns<
    Cached<OrganizationView>
  >(),
};
