/**
 * The outbox in work.db: the technician's intents, in the order they were taken. An intent is
 * acknowledged when its INSERT has committed (synchronous=FULL: on disk); every later change
 * (a step done, a conflict, a failure) is one small UPDATE of its row.
 */
import { randomUUID } from 'node:crypto';
import type { LocationRef } from '../api/records';
import type { OutboxItem, OutboxKind, OutboxState, SavedError } from '../../shared';
import type { Db } from '../db/open-database';
import { readPayload, type IntentPayload, type NewIntentPayload } from './intent-payloads';

/** A step the server accepted for later, on `serial`, since `at` (ISO). */
export interface AcceptedStep {
  at: string;
  serial: string;
  /** sync/replay-plan.ts Step (kept as JSON: the store does not read it). */
  step: unknown;
}

/** An outbox item with its kind's own payload (intent-payloads.ts). */
export type Intent = Omit<OutboxItem, 'kind'> &
  IntentPayload & {
    keyFingerprint: string;
    accepted: AcceptedStep | null;
  };

export type NewIntent = NewIntentPayload & NewIntentFields;

/** A new intent's fields besides its kind and payload. */
export interface NewIntentFields {
  serial: string | null;
  locationId: string | null;
  locationName: string | null;
  fromLocationId: string | null;
  keyFingerprint: string;
  /** Imported intents keep their original time and state. */
  createdAt?: string;
  state?: Exclude<OutboxState, 'done' | 'syncing'>;
  attempts?: number;
  lastError?: SavedError | null;
  conflictLocation?: LocationRef | null;
}

type IntentPatch = Partial<
  Pick<
    Intent,
    | 'state'
    | 'attempts'
    | 'stepsDone'
    | 'lastError'
    | 'conflictLocation'
    | 'kind'
    | 'locationId'
    | 'locationName'
    | 'fromLocationId'
    | 'accepted'
  >
>;

export interface IntentRows {
  /** Oldest first. */
  list(): Intent[];
  /** How many there are (without reading them). */
  count(): number;
  /**
   * The intents that name one of `serials` (the device, or the one a replace takes out), oldest
   * first: what a read of those devices shows on top of the server's answer. Only these rows
   * are read and parsed, so a long queue does not make every device read cost its length.
   */
  naming(serials: readonly string[]): Intent[];
  /** Oldest first: up to `limit` intents after the one numbered `afterSeq` (0: from the first). */
  listAfter(afterSeq: number, limit: number): { intents: Intent[]; lastSeq: number };
  /**
   * Queued intents that are first in their lane (a device's intents, or a store's, run in
   * order), oldest first, up to `limit` after `afterSeq`; of one lane when `only` names it.
   * What a replay sends next, without reading the whole queue for each send.
   */
  queuedHeads(afterSeq: number, limit: number, only?: Lane): { intents: Intent[]; lastSeq: number };
  /** How many intents are in each state. */
  countByState(): Record<Exclude<OutboxState, 'done'>, number>;
  get(id: string): Intent | null;
  add(intent: NewIntent): Intent;
  update(id: string, patch: IntentPatch): Intent;
  remove(id: string): void;
  /**
   * Removes a sent intent; for a store created offline, the intents that named its temporary
   * id follow the real one in the same transaction (a crash cannot strand them).
   */
  complete(id: string, rename?: { from: string; to: string }): void;
  /** A store created offline got its real id: intents that named the temporary one follow. */
  renameLocation(from: string, to: string): void;
  /** After a crash mid-send, 'syncing' rows go back to the queue (replay re-reads state first). */
  requeueInterrupted(): number;
}

/** A lane: a device's intents (by serial), or a store's (serial null, by location id). */
export type Lane = { serial: string } | { serial: null; locationId: string };

interface Row {
  id: string;
  kind: OutboxKind;
  serial: string | null;
  location_id: string | null;
  location_name: string | null;
  from_location_id: string | null;
  payload: string | null;
  created_at: string;
  state: Exclude<OutboxState, 'done'>;
  attempts: number;
  steps_done: number;
  last_error: string | null;
  conflict_location: string | null;
  key_fingerprint: string;
  /** work.db migration 12 (absent in a file an earlier version wrote, before it is upgraded). */
  accepted?: string | null;
}

/** A JSON column; null when empty, or absent from a file an older version wrote. */
const parseJson = <T>(text: string | null | undefined): T | null =>
  text === null || text === undefined ? null : (JSON.parse(text) as T);

function fromRow(row: Row, waitingFor: string | null): Intent {
  const said = readPayload(row.id, row.kind, row.payload);
  const accepted = parseJson<AcceptedStep>(row.accepted);
  return {
    ...said,
    id: row.id,
    serial: row.serial,
    locationId: row.location_id,
    locationName: row.location_name,
    fromLocationId: row.from_location_id,
    createdAt: row.created_at,
    state: row.state,
    attempts: row.attempts,
    stepsDone: row.steps_done,
    lastError: parseJson<SavedError>(row.last_error),
    conflictLocation: parseJson<LocationRef>(row.conflict_location),
    waitingFor,
    replaces: said.kind === 'replace' ? said.payload.replaces : null,
    keyFingerprint: row.key_fingerprint,
    accepted,
    acceptedAt: accepted?.at ?? null,
  };
}

const COLUMNS: Record<keyof IntentPatch, string> = {
  state: 'state',
  attempts: 'attempts',
  stepsDone: 'steps_done',
  lastError: 'last_error',
  conflictLocation: 'conflict_location',
  kind: 'kind',
  locationId: 'location_id',
  locationName: 'location_name',
  fromLocationId: 'from_location_id',
  accepted: 'accepted',
};

const JSON_COLUMNS = new Set<keyof IntentPatch>(['lastError', 'conflictLocation', 'accepted']);

// eslint-disable-next-line max-lines-per-function -- one table's prepared statements and the short methods over them, one object
export function intentRows(db: Db, now: () => Date = () => new Date()): IntentRows {
  const all = db.prepare<[], Row>('SELECT * FROM intents ORDER BY seq');
  const one = db.prepare<[string], Row>('SELECT * FROM intents WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO intents (id, seq, kind, serial, location_id, location_name, from_location_id, payload,
       created_at, state, attempts, last_error, conflict_location, key_fingerprint)
     VALUES (@id, (SELECT coalesce(max(seq), 0) + 1 FROM intents), @kind, @serial, @locationId,
       @locationName, @fromLocationId, @payload, @createdAt, @state, @attempts, @lastError,
       @conflictLocation, @keyFingerprint)`,
  );
  const named = db.prepare<{ serials: string }, Row>(
    `SELECT * FROM intents WHERE serial IN (SELECT value FROM json_each(@serials))
       OR (kind = 'replace' AND json_extract(payload, '$.replaces') IN (SELECT value FROM json_each(@serials)))
     ORDER BY seq`,
  );
  const after = db.prepare<[number, number], Row & { seq: number }>(
    'SELECT * FROM intents WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const heads = db.prepare<
    { after: number; limit: number; only: number; serial: string | null; location: string },
    Row & { seq: number }
  >(
    `SELECT * FROM intents i
     WHERE i.seq > @after AND i.state = 'queued'
       AND (@only = 0 OR (i.serial IS @serial
         AND (@serial IS NOT NULL OR coalesce(i.location_id, '') = @location)))
       AND CASE WHEN i.serial IS NOT NULL
         THEN NOT EXISTS (SELECT 1 FROM intents e WHERE e.serial = i.serial AND e.seq < i.seq)
         ELSE NOT EXISTS (SELECT 1 FROM intents e WHERE e.serial IS NULL
           AND coalesce(e.location_id, '') = coalesce(i.location_id, '') AND e.seq < i.seq) END
     ORDER BY i.seq LIMIT @limit`,
  );
  const states = db.prepare<[], { state: Exclude<OutboxState, 'done'>; n: number }>(
    'SELECT state, count(*) AS n FROM intents GROUP BY state',
  );
  // Stores created offline: few, and read once per page instead of once per row.
  const creates = db.prepare<[], { id: string; location_id: string }>(
    "SELECT id, location_id FROM intents WHERE kind = 'create_location' AND location_id IS NOT NULL ORDER BY seq DESC",
  );
  /** Each row with the create it waits for, the queued creates read once. */
  const withCreates = (page: Row[]): Intent[] => {
    if (page.length === 0) return [];
    const creating = new Map(creates.all().map((c) => [c.location_id, c.id]));
    return page.map((row) => withWait(row, (locationId) => creating.get(locationId)));
  };
  const del = db.prepare<[string]>('DELETE FROM intents WHERE id = ?');
  const counted = db.prepare('SELECT count(*) AS n FROM intents');
  const renameTarget = db.prepare<[string, string]>(
    'UPDATE intents SET location_id = ? WHERE location_id = ?',
  );
  const renameSource = db.prepare<[string, string]>(
    'UPDATE intents SET from_location_id = ? WHERE from_location_id = ?',
  );
  const requeue = db.prepare("UPDATE intents SET state = 'queued' WHERE state = 'syncing'");

  /** An intent at a store still to be created waits for its create (`createOf` finds it). */
  const withWait = (row: Row, createOf: (locationId: string) => string | undefined): Intent =>
    fromRow(
      row,
      row.kind === 'create_location'
        ? null
        : (createOf(row.location_id ?? '') ?? createOf(row.from_location_id ?? '') ?? null),
    );

  const rows: IntentRows = {
    list: () => withCreates(all.all()),
    count: () => (counted.get() as { n: number }).n,
    naming: (serials) =>
      serials.length === 0 ? [] : withCreates(named.all({ serials: JSON.stringify(serials) })),
    listAfter(afterSeq, limit) {
      const page = after.all(afterSeq, limit);
      return { intents: withCreates(page), lastSeq: page.at(-1)?.seq ?? afterSeq };
    },
    queuedHeads(afterSeq, limit, only) {
      const page = heads.all({
        after: afterSeq,
        limit,
        only: only ? 1 : 0,
        serial: only?.serial ?? null,
        location: only && only.serial === null ? only.locationId : '',
      });
      return { intents: withCreates(page), lastSeq: page.at(-1)?.seq ?? afterSeq };
    },
    countByState() {
      const counts = { queued: 0, syncing: 0, failed: 0, conflict: 0 };
      for (const { state, n } of states.all()) counts[state] = n;
      return counts;
    },
    get(id) {
      const row = one.get(id);
      return row ? (withCreates([row])[0] ?? null) : null;
    },
    add(input) {
      const id = `q-${randomUUID()}`;
      insert.run({
        id,
        kind: input.kind,
        serial: input.serial,
        locationId: input.locationId,
        locationName: input.locationName,
        fromLocationId: input.fromLocationId,
        payload: input.payload === undefined ? null : JSON.stringify(input.payload),
        createdAt: input.createdAt ?? now().toISOString(),
        state: input.state ?? 'queued',
        attempts: input.attempts ?? 0,
        lastError: input.lastError ? JSON.stringify(input.lastError) : null,
        conflictLocation: input.conflictLocation ? JSON.stringify(input.conflictLocation) : null,
        keyFingerprint: input.keyFingerprint,
      });
      return rows.get(id) as Intent;
    },
    update(id, patch) {
      const entries = Object.entries(patch) as [keyof IntentPatch, unknown][];
      if (entries.length > 0) {
        const sets = entries.map(([key]) => `${COLUMNS[key]} = ?`).join(', ');
        const values = entries.map(([key, value]) =>
          JSON_COLUMNS.has(key) && value !== null ? JSON.stringify(value) : (value ?? null),
        );
        db.prepare(`UPDATE intents SET ${sets} WHERE id = ?`).run(...values, id);
      }
      const updated = rows.get(id);
      if (!updated) throw new Error(`intent ${id} is gone`);
      return updated;
    },
    remove: (id) => void del.run(id),
    complete: db.transaction((id: string, rename?: { from: string; to: string }) => {
      del.run(id);
      if (rename) rows.renameLocation(rename.from, rename.to);
    }),
    renameLocation(from, to) {
      renameTarget.run(to, from);
      renameSource.run(to, from);
    },
    requeueInterrupted: () => requeue.run().changes,
  };
  return rows;
}
