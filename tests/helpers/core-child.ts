/**
 * A core in a child process, for tests that kill it (SIGKILL at random points) or need a
 * second process on the same data dir. Argument: one JSON object (ChildPlan). Prints one JSON
 * line per event on stdout:
 *   {"ready":true}                              the core is up (createCore resolved)
 *   {"ack":i,"status":"queued"|"done",...}      action i was acknowledged by the core
 *   {"fail":i,"kind":...,"message":...}         action i was refused
 *   {"finished":true}                           all actions answered; the core keeps running
 *   {"startError":{kind,message}}               createCore threw (then exit code 3)
 * After the actions it stays alive (the sync engine keeps replaying) until killed, unless
 * `exitWhenDone` is set.
 */
import { createCore } from '../../electron/core/create-core';
import { createKeychainCredentials } from '../../electron/core/credentials/keychain';
import { AppError } from '../../electron/core/app-error';
import type { Logger } from '../../electron/common/logger';

export type ChildAction =
  | { op: 'install'; serial: string; locationId: string; label?: string }
  | { op: 'uninstall'; serial: string; locationId?: string }
  | { op: 'move'; serial: string; fromLocationId: string; toLocationId: string }
  | { op: 'replace'; serial: string; newSerial: string; locationId: string };

export interface ChildPlan {
  dataDir: string;
  keychainService: string;
  actions: ChildAction[];
  /** Close the core and exit 0 after the last action. */
  exitWhenDone?: boolean;
}

const out = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function main(): Promise<void> {
  const plan = JSON.parse(process.argv[2] ?? '{}') as ChildPlan;
  let core;
  try {
    core = await createCore({
      dataDir: plan.dataDir,
      fetch: globalThis.fetch,
      credentials: createKeychainCredentials(plan.keychainService),
      log: quiet,
    });
  } catch (error) {
    const shape =
      error instanceof AppError
        ? { kind: error.kind, message: error.message }
        : { kind: 'thrown', message: String(error) };
    out({ startError: shape });
    process.exit(3);
  }
  out({ ready: true });
  for (const [i, action] of plan.actions.entries()) {
    const { op, ...input } = action;
    const name = (
      {
        install: 'installDevice',
        uninstall: 'uninstallDevice',
        move: 'moveDevice',
        replace: 'replaceDevice',
      } as const
    )[op];
    const answer = await core.invoke(name, input);
    if (answer.ok) out({ ack: i, status: answer.value.status, serial: action.serial });
    else
      out({
        fail: i,
        kind: answer.error.kind,
        message: answer.error.message,
        serial: action.serial,
      });
  }
  out({ finished: true });
  if (plan.exitWhenDone) {
    await core.close();
    process.exit(0);
  }
  // Keep the event loop alive: the engine replays on its own timers until we are killed.
  setInterval(() => undefined, 60_000);
}

void main();
