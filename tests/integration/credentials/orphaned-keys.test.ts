/**
 * Keys in the keychain, per data folder. "Signed out" means no key of this folder is left
 * (signing in to server A, then B, then signing out used to leave A's key behind), and a data
 * folder deletes only the keys it stored itself: the keychain is shared by every data folder of
 * the OS user (the real app, a test run, a second profile), and signing in to a test sandbox
 * used to delete the developer's real key. Real cores, real Secret Service (run under
 * tests/with-keychain.sh), real sandboxes, real data folders.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import { OWNED_KEYS_FILE } from '../../../electron/core/credentials/owned-keys';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { startCoreHarness } from '../../helpers/core-harness';

let a: RunningSandbox;
let b: RunningSandbox;

beforeAll(async () => {
  a = await startSandbox({ port: 0, seed: 1 });
  b = await startSandbox({ port: 0, seed: 2 });
});

afterAll(async () => {
  await a.close();
  await b.close();
});

const keyOf = (sandbox: RunningSandbox, user = 0) => sandbox.users[user]!.api_key;
/** The sign-in keys in the keychain: each data folder's record key (its visits' secret,
 * credentials/record-key.ts) is no sign-in key and stays, or no receipt could be checked. */
const signInKeys = async (keychain: ReturnType<typeof createKeychainCredentials>) =>
  (await keychain.accounts()).filter((account) => !account.startsWith('record-key#'));
/** Entries this folder stored look like `<base URL>#<folder id>`. */
const storedFor = (baseUrl: string) =>
  new RegExp(`^${baseUrl.replace(/[.:/]/g, '\\$&')}#[0-9a-f]{16}$`);

describe('keys in the keychain', () => {
  it('signing in elsewhere removes the previous key, and signing out removes every key the folder stored', async () => {
    const harness = await startCoreHarness();
    const keychain = createKeychainCredentials(harness.keychainService);
    try {
      await harness.call('signIn', { baseUrl: a.baseUrl, apiKey: keyOf(a) });
      expect(await signInKeys(keychain)).toEqual([expect.stringMatching(storedFor(a.baseUrl))]);

      await harness.call('signIn', { baseUrl: b.baseUrl, apiKey: keyOf(b) });
      expect(await signInKeys(keychain)).toEqual([expect.stringMatching(storedFor(b.baseUrl))]);

      const status = await harness.call('signOut');
      expect(status.signedIn).toBe(false);
      expect(await signInKeys(keychain)).toEqual([]);
      expect(await keychain.accounts()).toEqual([
        expect.stringMatching(/^record-key#[0-9a-f]{16}$/),
      ]);
    } finally {
      await harness.close();
    }
  });

  it('two data folders on one keychain never overwrite or delete each other’s keys', async () => {
    // The same keychain service for both: what the real app and a second profile share.
    const service = `field-installer-test-${randomUUID()}`;
    const keychain = createKeychainCredentials(service);
    // Someone else's entry under the same service, stored by neither folder (the developer's
    // real key, or one an earlier version left): neither folder may touch it.
    await keychain.set('https://api.vendor.example/v1', 'the-developers-real-key');
    const one = await startCoreHarness({ keychainService: service });
    const two = await startCoreHarness({ keychainService: service });
    try {
      // Both on the same server, each with its own key (user 0 and user 1).
      await one.call('signIn', { baseUrl: a.baseUrl, apiKey: keyOf(a, 0) });
      await two.call('signIn', { baseUrl: a.baseUrl, apiKey: keyOf(a, 1) });
      expect((await one.call('sessionStatus')).user?.name).toBe(a.users[0]!.name);
      expect(await signInKeys(keychain)).toHaveLength(3);

      // One signs in elsewhere, then signs out.
      await one.call('signIn', { baseUrl: b.baseUrl, apiKey: keyOf(b) });
      await one.call('signOut');

      // Two's key is still there and still works; so does the entry nobody here stored.
      const left = await signInKeys(keychain);
      expect(left).toHaveLength(2);
      expect(left).toContain('https://api.vendor.example/v1');
      expect(await keychain.get('https://api.vendor.example/v1')).toBe('the-developers-real-key');
      const twoAccount = left.find((account) => storedFor(a.baseUrl).test(account))!;
      expect(await keychain.get(twoAccount)).toBe(keyOf(a, 1));
      await expect(two.call('syncNow')).resolves.toBeDefined();

      await two.call('signOut');
      expect(await signInKeys(keychain)).toEqual(['https://api.vendor.example/v1']);
    } finally {
      await one.close();
      await two.close();
      await keychain.delete('https://api.vendor.example/v1');
    }
  });

  it('a folder from before ownership was recorded keeps its key and deletes only that one', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fi-owned-'));
    const service = `field-installer-test-${randomUUID()}`;
    const keychain = createKeychainCredentials(service);
    try {
      const first = await startCoreHarness({ dataDir, keychainService: service });
      // User 1 has one organization, so the session opens it and syncing needs the key.
      await first.call('signIn', { baseUrl: a.baseUrl, apiKey: keyOf(a, 1) });
      await first.close();
      // As an earlier version left it: the key under the bare base URL, no record of what the
      // folder stored, and another server's entry it may or may not have stored.
      for (const account of await keychain.accounts()) await keychain.delete(account);
      await keychain.set(a.baseUrl, keyOf(a, 1));
      await keychain.set(b.baseUrl, 'maybe-another-folders-key');
      await rm(join(dataDir, OWNED_KEYS_FILE));

      const again = await startCoreHarness({ dataDir, keychainService: service });
      try {
        expect((await again.call('sessionStatus')).signedIn).toBe(true);
        await expect(again.call('syncNow')).resolves.toBeDefined();
        await again.call('signOut');
        expect(await signInKeys(keychain)).toEqual([b.baseUrl]);
      } finally {
        await again.close();
      }
    } finally {
      for (const account of await keychain.accounts()) await keychain.delete(account);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
