/**
 * Run by keychain.test.ts in a child process whose D-Bus session points nowhere: tries to
 * store and read a key and prints one JSON line per attempt with what failed and how.
 */
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import { AppError } from '../../../electron/core/app-error';

const secret = process.env['FI_TEST_SECRET'] ?? 'missing-secret';
const store = createKeychainCredentials('field-installer-test-nokeychain');

const attempt = async (op: string, run: () => Promise<unknown>): Promise<void> => {
  try {
    const value = await run();
    process.stdout.write(`${JSON.stringify({ op, ok: true, value: value ?? null })}\n`);
  } catch (error) {
    const shape =
      error instanceof AppError
        ? error.toShape()
        : { kind: 'not-an-AppError', message: String(error) };
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : null;
    process.stdout.write(`${JSON.stringify({ op, ok: false, ...shape, cause })}\n`);
  }
};

await attempt('set', () => store.set('technician', secret));
await attempt('get', () => store.get('technician'));
await attempt('delete', () => store.delete('technician'));
