/**
 * SQLite's quick_check over a large cache.db reads every page (seconds at a million devices),
 * and better-sqlite3 is synchronous: run on the main thread it would freeze the app at start.
 * So it runs on a worker thread with its own read-only connection; the cached data is usable
 * meanwhile, and a failed check drops and resyncs it.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let problems;
try {
  const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
  problems = db.pragma('quick_check(5)').map((r) => r.quick_check).filter((r) => r !== 'ok');
  db.close();
} catch (error) {
  const code = error && error.code || '';
  // Only damage counts: a busy or missing file is no reason to throw the cache away.
  problems = /^SQLITE_(CORRUPT|NOTADB)/.test(code) ? [String(error.message)] : [];
}
parentPort.postMessage(problems);
`;

/** Problems found (empty when the file is sound); null when the check could not run. */
export function quickCheckInBackground(path: string): Promise<string[] | null> {
  // Resolved here, where module resolution knows the app's node_modules (an eval'd worker does not).
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver } });
    worker.once('message', (problems: string[]) => resolve(problems));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
}
