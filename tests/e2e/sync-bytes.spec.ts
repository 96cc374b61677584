import { expect, startSandbox, test } from './fixtures';
import { signInWithKey } from './helpers';

// Issue 26: a download says how far it got and how much it has downloaded, beside the badge,
// so a store's slow link shows what the app is spending on it.
test('the sync panel shows a download’s progress and the bytes it took', async ({ page, web }) => {
  // Slow device pages, so the download stays on screen long enough to be read.
  const sandbox = await startSandbox({
    args: ['--devices', '3000', '--latency', '700', '--fault-path', '^/v1/devices$'],
  });
  try {
    await signInWithKey(page, web.info.url, sandbox.info);
    const banner = page.getByRole('banner');
    await expect(banner).toContainText(/Downloading devices: [\d,]+ of 3,000 · [\d.]+ (kB|MB)/, {
      timeout: 30_000,
    });
    await expect(banner.getByRole('progressbar', { name: 'Downloading devices' })).toBeVisible();
  } finally {
    await sandbox.stop();
  }
});
