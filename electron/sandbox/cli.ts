/**
 * `npm run sandbox -- [--port N] [--host H] [--seed N] [--data FILE] [--devices N] [--tls] [fault flags]`
 * First stdout line: one JSON object {base_url, users} for scripts; then human-readable logs.
 */
import { parseArgs } from 'node:util';
import { isIP } from 'node:net';
import { dialectNames, resolveDialect, startSandbox, type Faults } from './index';

const USAGE = `Usage: npm run sandbox -- [options]
  --port N            port (0 = any free port; default 0)
  --host H            bind address (default 127.0.0.1; loopback only unless --allow-remote)
  --allow-remote      allow a non-loopback --host
  --seed N            data seed (default 1)
  --data FILE         load/save state in FILE
  --devices N         devices per organization (default 300)
  --tls               serve HTTPS with a throwaway self-signed certificate
  --first-checkin S   seconds from install to first check-in (default 5)
  --dialect NAME      answer in another dialect of the unspecified details: ${dialectNames().join(', ')}
  --accepted-delay MS in dialects that accept writes for later, make them MS later (default 1500)
  --latency MS  --jitter MS  --error-rate R  --rate-limit-rate R  --retry-after S
  --drop-rate R  --malformed-rate R  --stall-rate R  --html-rate R  --fault-path REGEX`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'allow-remote': { type: 'boolean' },
    seed: { type: 'string' },
    data: { type: 'string' },
    devices: { type: 'string' },
    tls: { type: 'boolean' },
    'first-checkin': { type: 'string' },
    dialect: { type: 'string' },
    'accepted-delay': { type: 'string' },
    latency: { type: 'string' },
    jitter: { type: 'string' },
    'error-rate': { type: 'string' },
    'rate-limit-rate': { type: 'string' },
    'retry-after': { type: 'string' },
    'drop-rate': { type: 'string' },
    'malformed-rate': { type: 'string' },
    'stall-rate': { type: 'string' },
    'html-rate': { type: 'string' },
    'fault-path': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

const fail = (message: string): never => {
  console.error(`sandbox: ${message}\n${USAGE}`);
  process.exit(2);
};

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const num = (
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    fail(`--${name} must be a number from ${min} to ${max}`);
  return n;
};

const host = values.host ?? '127.0.0.1';
const loopback =
  host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
if (!loopback && !values['allow-remote']) {
  // The sandbox hands out its API keys on stdout and has unauthenticated control routes:
  // exposing it on a network would let anyone on that network reset or fake device state.
  fail(
    `refusing to listen on non-loopback host ${host}: the sandbox's keys and control routes are not meant for a network. Pass --allow-remote if you really mean it.`,
  );
}

try {
  resolveDialect(values.dialect);
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}

const faults: Partial<Faults> = {};
const setFault = <K extends keyof Faults>(key: K, value: Faults[K] | undefined) => {
  if (value !== undefined) faults[key] = value;
};
setFault('latencyMs', num('latency', values.latency, 0, 600_000));
setFault('jitterMs', num('jitter', values.jitter, 0, 600_000));
setFault('errorRate', num('error-rate', values['error-rate'], 0, 1));
setFault('rateLimitRate', num('rate-limit-rate', values['rate-limit-rate'], 0, 1));
setFault('retryAfterS', num('retry-after', values['retry-after'], 0, 86_400));
setFault('dropRate', num('drop-rate', values['drop-rate'], 0, 1));
setFault('malformedRate', num('malformed-rate', values['malformed-rate'], 0, 1));
setFault('stallRate', num('stall-rate', values['stall-rate'], 0, 1));
setFault('htmlRate', num('html-rate', values['html-rate'], 0, 1));
if (values['fault-path'] !== undefined) setFault('pathPattern', values['fault-path']);

// Line 1 of stdout belongs to the JSON handshake, so anything logged during start-up waits.
let early: string[] | null = [];
const log = (line: string) => (early ? early.push(line) : console.log(line));

const sandbox = await startSandbox({
  port: num('port', values.port, 0, 65_535) ?? 0,
  host,
  seed: num('seed', values.seed, 0, 2 ** 32 - 1) ?? 1,
  devices: num('devices', values.devices, 0, 1_000_000),
  tls: values.tls ?? false,
  firstCheckinDelayS: num('first-checkin', values['first-checkin'], 0, 86_400),
  acceptedDelayMs: num('accepted-delay', values['accepted-delay'], 0, 86_400_000),
  faults,
  log,
  ...(values.dialect ? { dialect: values.dialect } : {}),
  ...(values.data ? { dataFile: values.data } : {}),
});

console.log(JSON.stringify({ base_url: sandbox.baseUrl, users: sandbox.users }));
for (const line of early) console.log(line);
early = null;
console.log(
  `sandbox: serving ${sandbox.baseUrl} (control routes under ${sandbox.origin}/_sandbox); Ctrl+C stops`,
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`sandbox: ${signal}, saving and closing`);
  sandbox.close().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(`sandbox: close failed: ${String(e)}`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
