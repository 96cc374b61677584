/**
 * "Export diagnostics": one zip a technician can mail to support. Plain Node (no Electron), so
 * it is built and unpacked for real in tests; electron/main/diagnostics-export.ts only asks
 * where to save it.
 *
 * Zip library: fflate — maintained, no dependencies, pure JavaScript (bundled into main.cjs,
 * nothing native to unpack from the asar), with a synchronous zip and the matching unzip the
 * tests use. The inputs are small (two 5 MB logs at most), so streaming (yazl, archiver) buys
 * nothing here.
 *
 * No secret: every JSON file goes through the log's redaction (redactData), every log line again
 * through redactText, and the API key never reaches any of the inputs (the core never returns
 * it). Crash dumps are listed (name, size, date), never included: a dump can hold memory.
 * No personal name: the signed-in user's name (the connection report's "Signed in as …") is
 * left out, and the home folder in paths (it usually carries the computer account's name) is
 * written as "~".
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type {
  ChecklistSource,
  ConnectionReport,
  Envelope,
  ManagedSettings,
  OperationName,
  OutboxItem,
  SessionStatus,
  SyncState,
} from '../../shared';
import { redactData, redactText } from '../redacting-logger';

interface Versions {
  app: string;
  electron: string | null;
  chrome: string | null;
  node: string;
  os: string;
}

interface CrashDumpEntry {
  name: string;
  bytes: number;
  modified: string;
}

/** What the core answers, gathered through its own operations. */
export interface CoreFacts {
  session: SessionStatus | null;
  managed: ManagedSettings | null;
  sync: SyncState | null;
  queue: OutboxItem[] | null;
  connectionReport: ConnectionReport | null;
  /** Which mounting checklists are in use, and why IT's file is not (decision record 55). */
  checklists?: ChecklistSource | null;
}

export interface DiagnosticsInput extends CoreFacts {
  versions: Versions;
  /** The updater's state (Electron main); null where there is none (browser mode). */
  updates?: object | null;
  logsDir: string;
  /** Electron's crashDumps folder; null where there is none (browser mode). */
  crashDumpsDir: string | null;
  now: Date;
  /** The home folder to write as "~" (the OS's by default). */
  home?: string;
}

type Invoke = (name: OperationName, input: object) => Promise<Envelope<unknown>>;

/** Asks the core (Electron main: core.invoke; tests: the bridge) for what goes in the zip. */
export const gatherCoreFacts = async (invoke: Invoke): Promise<CoreFacts> => {
  const value = async <T>(name: OperationName, input: object = {}): Promise<T | null> => {
    try {
      const answer = await invoke(name, input);
      return answer.ok ? (answer.value as T) : null;
    } catch {
      return null; // a diagnostics file is still worth having without this part
    }
  };
  return {
    session: await value<SessionStatus>('sessionStatus'),
    managed: await value<ManagedSettings>('managedSettings'),
    sync: await value<SyncState>('syncStatus'),
    queue: await value<OutboxItem[]>('listOutbox'),
    connectionReport: await value<ConnectionReport>('lastConnectionReport'),
    checklists:
      (await value<{ source: ChecklistSource }>('mountingChecklist', { deviceType: null }))
        ?.source ?? null,
  };
};

/** The queue in numbers (by state and kind) plus what is stuck and why — no full items. */
export const summarizeQueue = (items: readonly OutboxItem[]) => {
  const count = (key: (item: OutboxItem) => string) => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
    return Object.fromEntries(counts);
  };
  return {
    total: items.length,
    byState: count((item) => item.state),
    byKind: count((item) => item.kind),
    oldest: items.reduce<string | null>(
      (min, item) => (min === null || item.createdAt < min ? item.createdAt : min),
      null,
    ),
    problems: items
      .filter((item) => item.state === 'failed' || item.state === 'conflict')
      .map((item) => ({
        kind: item.kind,
        state: item.state,
        attempts: item.attempts,
        error: item.lastError
          ? { kind: item.lastError.kind, code: item.lastError.code, status: item.lastError.status }
          : null,
      })),
  };
};

const listCrashDumps = async (dir: string | null): Promise<CrashDumpEntry[]> => {
  if (dir === null) return [];
  let names: string[];
  try {
    names = (await readdir(dir, { recursive: true })).map(String);
  } catch {
    return [];
  }
  const entries: CrashDumpEntry[] = [];
  for (const name of names) {
    try {
      const info = await stat(join(dir, name));
      if (info.isFile()) {
        entries.push({ name, bytes: info.size, modified: info.mtime.toISOString() });
      }
    } catch {
      // removed meanwhile
    }
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
};

const NAME_LEFT_OUT = '(name left out)';

/** The report without the signed-in user's name (the fact, or the English note of a report
 * kept by an earlier version). */
const withoutUserName = (report: ConnectionReport | null): ConnectionReport | null =>
  report && {
    ...report,
    steps: report.steps.map(({ notes, ...step }) => ({
      ...step,
      facts: step.facts.map((fact) =>
        fact.kind === 'signed_in_as' ? { ...fact, name: NAME_LEFT_OUT } : fact,
      ),
      ...(notes
        ? {
            notes: notes.map((note) =>
              note.startsWith('Signed in as ') ? `Signed in as ${NAME_LEFT_OUT}.` : note,
            ),
          }
        : {}),
    })),
  };

/** Every occurrence of the home folder written as "~" (JSON text escapes it, so both forms). */
const homeAsTilde = (text: string, home: string): string =>
  home.length < 2
    ? text
    : text.replaceAll(JSON.stringify(home).slice(1, -1), '~').replaceAll(home, '~');

const json = (value: unknown, home: string): Uint8Array =>
  strToU8(homeAsTilde(`${JSON.stringify(redactData(value), null, 2)}\n`, home));

/**
 * One log line redacted again (belt and braces). Lines are JSON: their values are redacted as
 * data (redactText on the whole line would treat a quoted message as one opaque value).
 */
const redactLine = (line: string): string => {
  try {
    return JSON.stringify(redactData(JSON.parse(line)));
  } catch {
    return redactText(line);
  }
};

/**
 * Log lines redacted between two turns of the event loop: the export runs on the thread of the
 * app's core (the main process), and a full set of logs (4 × 5 MB) redacted at once held it
 * 5 s (decision 70).
 */
const LINES_PER_TURN = 500;
/** Bytes compressed between two turns (a few ms); fflate's one-call zip held it 0.6–1 s. */
const BYTES_PER_TURN = 64 * 1024;

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The archive, each file deflated a slice per turn (fflate's streaming zip). */
async function zipInSlices(files: Map<string, Uint8Array>, mtime: Date): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const archive = new Zip((error, data) => {
    if (error) failure = error;
    else parts.push(data);
  });
  for (const [name, data] of files) {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = mtime;
    archive.add(file);
    for (let at = 0; ; at += BYTES_PER_TURN) {
      const last = at + BYTES_PER_TURN >= data.length;
      file.push(data.subarray(at, at + BYTES_PER_TURN), last);
      if (last) break;
      await turn();
    }
  }
  archive.end();
  if (failure) throw failure;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const redactLines = async (text: string): Promise<string> => {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_TURN) {
    if (i > 0) await turn();
    for (const line of lines.slice(i, i + LINES_PER_TURN))
      out.push(line === '' ? line : redactLine(line));
  }
  return out.join('\n');
};

/** The log files of the folder, each line redacted again. */
const logFiles = async (dir: string, home: string): Promise<Map<string, Uint8Array>> => {
  const files = new Map<string, Uint8Array>();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return files;
  }
  for (const name of names.filter((n) => n.endsWith('.log')).sort()) {
    try {
      const text = await readFile(join(dir, name), 'utf8');
      files.set(`logs/${name}`, strToU8(homeAsTilde(await redactLines(text), home)));
    } catch {
      // unreadable: skipped
    }
  }
  return files;
};

const README = `Field Installer diagnostics
versions.json          app, Electron, Chrome, Node and OS versions
settings.json          session (no key), managed settings
sync.json              sync state: running downloads, last completed, next attempt
queue.json             queued actions in numbers, and the failed ones' error kinds and codes
connection-report.json the last "Check connection" report, if any
updates.json           updates: on or off and why, the feed, the last check, a download
crash-dumps.json       crash dumps kept on this computer (listed only, not included)
logs/                  the app's logs (redacted)
No API key or password is in this file, and no person's name: the signed-in user's name is
left out and the home folder in paths is written as "~". Store and organization names are in.
`;

export const diagnosticsFileName = (now: Date): string =>
  `field-installer-diagnostics-${now.toISOString().replace(/[:.]/g, '-')}.zip`;

export const buildDiagnosticsZip = async (input: DiagnosticsInput): Promise<Uint8Array> => {
  const session = input.session;
  const home = input.home ?? homedir();
  const files = new Map<string, Uint8Array>(
    Object.entries({
      'README.txt': strToU8(README),
      'versions.json': json(input.versions, home),
      'settings.json': json(
        {
          exportedAt: input.now.toISOString(),
          session:
            session === null
              ? null
              : {
                  signedIn: session.signedIn,
                  training: session.training,
                  baseUrl: session.baseUrl,
                  organization: session.organization,
                  online: session.online,
                  queued: session.queued,
                  storage: session.storage,
                },
          managed: input.managed,
          checklists: input.checklists ?? null,
        },
        home,
      ),
      'sync.json': json(input.sync, home),
      'queue.json': json(input.queue === null ? null : summarizeQueue(input.queue), home),
      'connection-report.json': json(withoutUserName(input.connectionReport), home),
      ...(input.updates ? { 'updates.json': json(input.updates, home) } : {}),
      'crash-dumps.json': json(await listCrashDumps(input.crashDumpsDir), home),
    }),
  );
  for (const [name, data] of await logFiles(input.logsDir, home)) files.set(name, data);
  return zipInSlices(files, input.now);
};
