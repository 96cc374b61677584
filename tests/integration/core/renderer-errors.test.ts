/** reportRendererError in the real core: logged to the real log file, redacted, rate-limited. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOfflineCore, type OfflineCore } from '../../helpers/offline-core';

describe('renderer errors reach the log', () => {
  let running: OfflineCore | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('logs a report redacted, and drops reports past 20 a minute', async () => {
    running = await startOfflineCore('rerr');
    const { core, dir } = running;
    const first = await core.invoke('reportRendererError', {
      kind: 'unhandledrejection',
      message: 'Error: request failed Authorization: Bearer abcdefghijklmnop',
      stack: 'at call (app://installer/assets/index.js:1:2)',
    });
    expect(first).toEqual({ ok: true, value: { logged: true } });
    const text = await readFile(join(dir, 'logs', 'main.log'), 'utf8');
    const line = text.split('\n').find((l) => l.includes('Renderer error'));
    expect(line).toBeDefined();
    expect(line).toContain('unhandledrejection');
    expect(line).not.toContain('abcdefghijklmnop');

    const answers = [];
    for (let i = 0; i < 25; i++)
      answers.push(await core.invoke('reportRendererError', { kind: 'error', message: `e${i}` }));
    const logged = answers.filter((a) => a.ok && a.value.logged).length;
    expect(logged).toBe(19);
    const bad = await core.invoke('reportRendererError', { kind: 'other', message: 'x' });
    expect(bad.ok).toBe(false);
  });
});
