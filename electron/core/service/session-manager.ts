/**
 * Owns the signed-in scope: which base URL and organization, the API client built for them,
 * and their cache and outbox. The key itself stays in the OS keychain (or, for training mode's
 * throwaway sandbox key, in memory) and is read when a request needs it; a read is held for a
 * few seconds so a burst of requests reads the keychain once (credentials/key-hold.ts).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { SessionStatus } from '../../contract';
import { AppError } from '../app-error';
import { createApiClient, validateBaseUrl } from '../api/client';
import { Organization } from '../api/wire';
import type { CoreOptions } from '../core';
import type { Cache } from '../store/cache';
import { holdKey, type KeyHold } from '../credentials/key-hold';
import { openJsonFile } from '../store/atomic-json-file';
import { openOutbox } from '../store/outbox-store';
import type { SessionRecord, SignedInScope } from './context';
import { startTrainingServer, type TrainingServer } from './training';

const SessionFile = z.object({
  session: z
    .object({
      baseUrl: z.string(),
      training: z.boolean(),
      user: z.object({ name: z.string() }).nullable(),
      organizations: z.array(Organization),
      organizationId: z.string().nullable(),
    })
    .nullable(),
});

/** Training mode's base URL changes with its random port; its cache and outbox must not. */
const TRAINING_SCOPE_URL = 'training://sandbox';

export class SessionManager {
  private scope: SignedInScope | null = null;
  private training: TrainingServer | null = null;
  private readonly file;

  constructor(
    private readonly options: CoreOptions,
    private readonly cache: Cache,
    private readonly onChange: () => void,
  ) {
    this.file = openJsonFile(
      join(options.dataDir, 'session.json'),
      SessionFile,
      () => ({ session: null }),
      options.log,
    );
  }

  current(): SignedInScope | null {
    return this.scope;
  }

  /** Reopens the last session at start-up (the key is still in the keychain). */
  async restore(): Promise<void> {
    const { session } = await this.file.load();
    if (!session) return;
    if (session.training) {
      await this.startTraining(session.organizationId);
      return;
    }
    await this.open(session);
  }

  status(online: boolean): SessionStatus {
    const record = this.scope?.record;
    const organization = record?.organizations.find((o) => o.id === record.organizationId) ?? null;
    return {
      signedIn: record !== undefined,
      training: record?.training ?? false,
      baseUrl: record?.baseUrl ?? null,
      user: record?.user ?? null,
      organizations: record?.organizations ?? [],
      organization,
      online,
      queued: this.scope?.outbox.list().filter((i) => i.state !== 'done').length ?? 0,
    };
  }

  async signIn(rawBaseUrl: string, apiKey: string): Promise<void> {
    const baseUrl = validateBaseUrl(rawBaseUrl);
    // Verify the key with the cross-organization endpoint before anything is stored.
    const probe = createApiClient({
      baseUrl,
      organizationId: null,
      getApiKey: () => Promise.resolve(apiKey),
      fetch: this.options.fetch,
      maxRetries: 1,
    });
    const { organizations, user } = await probe.listOrganizations();
    if (organizations.length === 0) {
      throw new AppError({
        kind: 'forbidden',
        message: 'This API key does not belong to any organization.',
        nextStep: 'Ask your admin for a key that has access to your organization.',
      });
    }
    await this.options.credentials.set(baseUrl, apiKey);
    await this.closeScope();
    await this.stopTraining();
    await this.open({
      baseUrl,
      training: false,
      user: user ? { name: user.name } : null,
      organizations,
      organizationId: organizations.length === 1 ? (organizations[0]?.id ?? null) : null,
    });
  }

  async startTraining(organizationId: string | null = null): Promise<void> {
    await this.closeScope();
    await this.stopTraining();
    this.training = await startTrainingServer(join(this.options.dataDir, 'training'));
    const { organizations, user } = await createApiClient({
      baseUrl: this.training.baseUrl,
      organizationId: null,
      getApiKey: () => this.trainingKey(),
      fetch: this.options.fetch,
    }).listOrganizations();
    const chosen = organizations.find((o) => o.id === organizationId) ?? organizations[0] ?? null;
    await this.open({
      baseUrl: this.training.baseUrl,
      training: true,
      user: user ? { name: user.name } : null,
      organizations,
      organizationId: chosen?.id ?? null,
    });
  }

  async chooseOrganization(organizationId: string): Promise<void> {
    const record = this.scope?.record;
    if (!record) throw notSignedIn();
    if (!record.organizations.some((o) => o.id === organizationId)) {
      throw new AppError({
        kind: 'forbidden',
        message: 'Your key has no access to that organization.',
        nextStep: 'Choose one of the organizations listed.',
      });
    }
    await this.closeScope();
    await this.open({ ...record, organizationId });
  }

  async signOut(): Promise<void> {
    const record = this.scope?.record;
    await this.closeScope();
    if (record && !record.training) await this.options.credentials.delete(record.baseUrl);
    await this.stopTraining();
    await this.file.save({ session: null });
    this.onChange();
  }

  async close(): Promise<void> {
    await this.closeScope();
    await this.stopTraining();
  }

  private async open(record: SessionRecord): Promise<void> {
    const scopeUrl = record.training ? TRAINING_SCOPE_URL : record.baseUrl;
    const key = holdKey(() =>
      record.training ? this.trainingKey() : this.storedKey(record.baseUrl),
    );
    const api = createApiClient({
      baseUrl: record.baseUrl,
      organizationId: record.organizationId,
      getApiKey: () => key.get(),
      fetch: this.options.fetch,
    });
    const outboxName = createHash('sha256')
      .update(`${scopeUrl}\n${record.organizationId ?? ''}`)
      .digest('hex')
      .slice(0, 24);
    const outbox = await openOutbox(
      join(this.options.dataDir, 'outbox', `${outboxName}.json`),
      this.options.log,
    );
    const unsubscribe = outbox.onChange(() => this.onChange());
    this.scope = { record, api, cache: this.cache.scope(scopeUrl, record.organizationId), outbox };
    this.unsubscribeOutbox = unsubscribe;
    this.heldKey = key;
    await this.file.save({ session: record });
    this.onChange();
  }

  private unsubscribeOutbox: () => void = () => {};
  private heldKey: KeyHold | null = null;

  private async closeScope(): Promise<void> {
    this.heldKey?.forget();
    this.heldKey = null;
    this.unsubscribeOutbox();
    this.unsubscribeOutbox = () => {};
    this.scope = null;
  }

  private async stopTraining(): Promise<void> {
    const training = this.training;
    this.training = null;
    await training?.close();
  }

  private trainingKey(): Promise<string> {
    if (!this.training) return Promise.reject(notSignedIn());
    return Promise.resolve(this.training.apiKey);
  }

  private async storedKey(account: string): Promise<string> {
    const key = await this.options.credentials.get(account);
    if (key) return key;
    throw new AppError({
      kind: 'unauthorized',
      message: 'No API key is stored for this server on this computer.',
      nextStep: 'Sign out and sign in again with your API key.',
    });
  }
}

const notSignedIn = () =>
  new AppError({
    kind: 'not_signed_in',
    message: 'You are not signed in.',
    nextStep: 'Sign in with your API key, or start training mode.',
  });
