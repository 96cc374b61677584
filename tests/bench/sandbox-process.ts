/**
 * The sandbox in a process of its own, as a real server is: in the bench's process its page
 * building would share the core's one thread and count as the app's time. Seeding millions of
 * devices takes a minute or more before it answers.
 */
import { startCli, type Running } from '../helpers/cli-process';

export interface SandboxProcessInfo {
  base_url: string;
  users: { api_key: string; organizations: { id: string }[] }[];
}

export const startSandboxProcess = (
  devicesPerOrganization: number,
): Promise<Running<SandboxProcessInfo>> =>
  startCli<SandboxProcessInfo>(
    [
      'node_modules/.bin/tsx',
      'electron/sandbox/cli.ts',
      '--port',
      '0',
      '--devices',
      String(devicesPerOrganization),
    ],
    'sandbox',
    devicesPerOrganization * 0.5 + 30_000,
  );
