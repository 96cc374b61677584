/**
 * "Signed out" means no key is left in the keychain: signing in to server A, then to server B,
 * then signing out used to leave A's key behind while the app said "signed out". Real core,
 * real Secret Service (run under tests/with-keychain.sh), two real sandboxes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
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

const keyOf = (sandbox: RunningSandbox) => sandbox.users[0]!.api_key;

describe('keys in the keychain', () => {
  it('signing in elsewhere removes the previous key, and signing out removes every key', async () => {
    const harness = await startCoreHarness();
    const keychain = createKeychainCredentials(harness.keychainService);
    try {
      await harness.call('signIn', { baseUrl: a.baseUrl, apiKey: keyOf(a) });
      expect(await keychain.accounts()).toEqual([a.baseUrl]);

      await harness.call('signIn', { baseUrl: b.baseUrl, apiKey: keyOf(b) });
      expect(await keychain.accounts()).toEqual([b.baseUrl]);
      expect(await keychain.get(a.baseUrl)).toBeNull();

      // A key left by an earlier version (or a crash) under this app's service goes too.
      await keychain.set('https://old.example.com/v1', 'a-stale-key-from-before');
      const status = await harness.call('signOut');
      expect(status.signedIn).toBe(false);
      expect(await keychain.accounts()).toEqual([]);
    } finally {
      await harness.close();
    }
  });
});
