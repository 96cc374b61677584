import { expect, test } from './fixtures';

// Decision record 32: a download says how far it got and how much it has downloaded, beside the badge,
// so a store's slow link shows what the app is spending on it.
// Slow device pages, so the download stays on screen long enough to be read.
test.use({
  sandboxArgs: ['--devices', '3000', '--latency', '700', '--fault-path', '^/v1/devices$'],
});

test('the sync panel shows a download’s progress and the bytes it took', async ({
  signedInPage: page,
}) => {
  const banner = page.getByRole('banner');
  await expect(banner).toContainText(/Downloading devices: [\d,]+ of 3,000 · [\d.]+ (kB|MB)/, {
    timeout: 30_000,
  });
  await expect(banner.getByRole('progressbar', { name: 'Downloading devices' })).toBeVisible();
});
