/**
 * An accuracy audit's set-up in browser mode: the app started with a policy asking a small
 * sample and no minimum time, the sandbox's "minute" buckets `bucketSeconds` long, signed in,
 * a device installed at the first store and on its Verify screen, counting only the people the
 * test sends across its line and checking in only when the test says (so the wait for its
 * check-in after the window shows).
 */
import type { Page } from '@playwright/test';
import { expect, startWebWithPolicy } from '../fixtures';
import { atStoreAfterFirstSync, installHere, signInWithKey } from '../helpers';
import { sandboxRequest, type SandboxAccount } from '../sandbox-api';

export async function auditDevice(
  page: Page,
  { dataDir, sandbox }: { dataDir: string; sandbox: SandboxAccount },
  { minCrossings, bucketSeconds }: { minCrossings: number; bucketSeconds: number },
) {
  const web = await startWebWithPolicy(dataDir, {
    AuditMinimumCrossings: minCrossings,
    AuditMinimumMinutes: 0,
  });
  const { info } = sandbox;
  await sandboxRequest(info, 'PUT', '/_sandbox/traffic', { minuteBucketSeconds: bucketSeconds });
  await signInWithKey(page, web.info.url, info);
  const { serial, store } = await atStoreAfterFirstSync(page, sandbox);
  await installHere(page, serial);
  await expect(page.getByRole('heading', { level: 1, name: `Verify ${serial}` })).toBeVisible();
  const cross = (people: { in: number; out: number }) =>
    sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/people`, people);
  await cross({ in: 0, out: 0 });
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/silence`, { silent: true });
  const checkIn = () => sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/checkin`);
  return { serial, store, cross, checkIn };
}
