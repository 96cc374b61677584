/**
 * The activity log: what the technician did, as proof of work, appended to the visit's chained
 * record (record/visit-record.ts) — the one source of what a visit shows (record/visit-view.ts).
 * The `activity` table beside it is a cache: the queue's link to an action's row (`intent_id`)
 * and its state now, checked against the chain when a visit is read whole (service/
 * visit-read.ts) and capped so years of use never grow it without bound; trimming it loses
 * nothing a visit shows.
 */
import { randomUUID } from 'node:crypto';
import type { ActivityEntry, ActivityFact, RecordEntryKind } from '../../shared';
import type { Db } from '../db/open-database';
import { visitRecord, type VisitRecord } from '../record/visit-record';
import { viewOf } from '../record/visit-view';
import { visitRows, type VisitRows } from './visit-rows';

const ACTIVITY_CAP = 5_000;

export type NewActivityEntry = Omit<
  ActivityEntry,
  | 'id'
  | 'at'
  | 'visitId'
  | 'walkTest'
  | 'fact'
  | 'intentId'
  | 'sentAt'
  | 'replaces'
  | 'audit'
  | 'detail'
  | 'amendments'
> & {
  audit?: ActivityEntry['audit'];
  at?: string;
  /** Only an entry imported from the old log has English words instead of a fact. */
  detail?: string;
  walkTest?: ActivityEntry['walkTest'];
  /** What happened, for the renderer to word; only entries imported from the old log lack it. */
  fact?: ActivityFact | null;
  intentId?: string | null;
  replaces?: string | null;
  label?: string | null;
};

/**
 * What changes on the row of an action as the action goes on (its time acted stays); the store
 * too, when one created offline got its real id meanwhile. The row then says its fact (an
 * earlier version's English `detail` is dropped).
 */
type ActivityChange = Pick<
  ActivityEntry,
  'result' | 'fact' | 'sentAt' | 'locationId' | 'locationName'
> &
  Pick<ActivityEntry, 'audit'>;

export interface ActivityRows {
  /** Oldest first, as the record says them: every visit's, or one visit's. */
  list(visitId?: string): ActivityEntry[];
  /** The cache's rows as stored, of one visit or all (compared with the chain; chain-earlier.ts). */
  cached(visitId?: string): ActivityEntry[];
  /** Up to `limit` of a visit's cached rows after the row numbered `after`, with their numbers. */
  cachedPage(visitId: string, after: number, limit: number): (ActivityEntry & { seq: number })[];
  add(entry: NewActivityEntry): ActivityEntry;
  /** One entry, as its amendments left it. */
  get(id: string): ActivityEntry | null;
  /** The row that follows this queued action, if one was written. */
  ofIntent(intentId: string): ActivityEntry | null;
  /** The action's row says its new state, in its place (same visit, same time acted). */
  change(id: string, change: ActivityChange): ActivityEntry;
  visits: VisitRows;
  /** The visits' chained records: every add and change above is appended there too. */
  record: VisitRecord;
}

interface Row {
  id: string;
  at: string;
  action: ActivityEntry['action'];
  serial: string | null;
  locationId: string | null;
  locationName: string | null;
  result: ActivityEntry['result'];
  detail: string;
  visitId: string | null;
  intentId: string | null;
  data: string | null;
}

/** `activity.data`: the JSON of what an entry says beyond its columns (migration 3). */
type Data = Partial<
  Pick<ActivityEntry, 'walkTest' | 'fact' | 'sentAt' | 'replaces' | 'audit' | 'label'>
>;

const fromRow = ({ data, ...row }: Row): ActivityEntry => {
  const extra: Data = data ? (JSON.parse(data) as Data) : {};
  return {
    ...row,
    fact: extra.fact ?? null,
    visitId: row.visitId ?? '',
    walkTest: extra.walkTest ?? null,
    sentAt: extra.sentAt ?? null,
    replaces: extra.replaces ?? null,
    ...(extra.audit ? { audit: extra.audit } : {}),
    ...(extra.label ? { label: extra.label } : {}),
    amendments: [],
  };
};

/** The record entry's kind for an activity entry: what it says, for the CSV and the check. */
const recordKind = (entry: ActivityEntry): RecordEntryKind => {
  if (entry.fact?.kind === 'mounting_checklist') return 'mounting_checklist';
  if (entry.fact?.kind === 'visit_incomplete') return 'visit_incomplete';
  if (entry.fact?.kind === 'silent_check') return 'silent_check';
  if (entry.action === 'audit') return 'accuracy_audit';
  if (entry.action === 'verify') return 'verification';
  return entry.action === 'storage' ? 'storage' : 'action';
};

/**
 * What the record keeps of an activity entry: everything it says (the English `detail` only
 * for an entry without a fact, which it is the only wording of). Not the queue's intent id:
 * plumbing, not proof, and a damaged work.db's count of queued actions reads those ids from
 * its bytes (store/damaged-file.ts), where an append-only record would keep sent ones forever.
 */
const recordBodyOf = (entry: ActivityEntry): object => {
  const {
    id: _id,
    visitId: _visit,
    detail,
    amendments: _amendments,
    intentId: _intent,
    ...said
  } = entry;
  return entry.fact ? said : { ...said, detail };
};

/** Appends the entry's state to its visit's record (its first state, or a change). */
export const recordActivity = (record: VisitRecord, entry: ActivityEntry, at?: string) =>
  record.append({
    visitId: entry.visitId,
    kind: recordKind(entry),
    subject: entry.id,
    body: recordBodyOf(entry),
    ...(at === undefined ? {} : { at }),
  });

/** The JSON kept in `data`, or null when there is nothing beyond the columns. */
const dataOf = ({ walkTest, fact, sentAt, replaces, audit, label }: Data): string | null => {
  const data: Data = {
    ...(label ? { label } : {}),
    ...(audit ? { audit } : {}),
    ...(walkTest ? { walkTest } : {}),
    ...(fact ? { fact } : {}),
    ...(sentAt ? { sentAt } : {}),
    ...(replaces ? { replaces } : {}),
  };
  return Object.keys(data).length > 0 ? JSON.stringify(data) : null;
};

/** Only what the renderer words crosses and is kept (an error's fields, status… are not). */
const keptFact = (fact: ActivityFact | null | undefined): ActivityFact | null => {
  if (!fact) return null;
  if (fact.kind !== 'failed') return fact;
  const { kind, code, params } = fact.error;
  return {
    kind: 'failed',
    error: { kind, ...(code ? { code } : {}), ...(params ? { params } : {}) },
  };
};

export interface ActivityRowsOptions {
  /** The installation's secret the record is keyed with (credentials/record-key.ts). */
  secret: Buffer;
  now?: () => Date;
  /** The organization a visit started now is for (its record's first entry names it). */
  organization?: { id: string; name: string } | null;
}

// eslint-disable-next-line max-lines-per-function -- one table's prepared statements and the short methods over them, one object
export function activityRows(db: Db, options: ActivityRowsOptions): ActivityRows {
  const now = options.now ?? (() => new Date());
  const record = visitRecord(db, options.secret, now);
  const visits = visitRows(db, now, (visit) =>
    record.append({
      visitId: visit.id,
      kind: 'visit_started',
      at: visit.startedAt,
      body: { organization: options.organization ?? null },
    }),
  );
  const insert = db.prepare(
    `INSERT INTO activity (id, seq, at, action, serial, location_id, location_name, result, detail,
       visit_id, intent_id, data)
     VALUES (@id, (SELECT coalesce(max(seq), 0) + 1 FROM activity), @at, @action, @serial,
       @locationId, @locationName, @result, @detail, @visitId, @intentId, @data)`,
  );
  const update = db.prepare(
    `UPDATE activity SET result = @result, detail = @detail, data = @data,
       location_id = @locationId, location_name = @locationName WHERE id = @id`,
  );
  const trim = db.prepare<[number]>(
    'DELETE FROM activity WHERE seq <= (SELECT max(seq) FROM activity) - ?',
  );
  const columns = `SELECT id, at, action, serial, location_id AS locationId,
       location_name AS locationName, result, detail, visit_id AS visitId, intent_id AS intentId,
       data FROM activity`;
  const ofVisit = db.prepare<[string], Row>(`${columns} WHERE visit_id = ? ORDER BY seq`);
  const all = db.prepare<[], Row>(`${columns} ORDER BY seq`);
  const paged = db.prepare<[string, number, number], Row & { seq: number }>(
    `${columns.replace(' FROM activity', ', seq FROM activity')}
     WHERE visit_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
  );
  const byIntent = db.prepare<[string], { id: string }>(
    'SELECT id FROM activity WHERE intent_id = ? ORDER BY seq DESC LIMIT 1',
  );
  const intentOf = db.prepare<[string], { intent_id: string | null }>(
    'SELECT intent_id FROM activity WHERE id = ?',
  );
  const allVisits = db.prepare<[], { id: string }>('SELECT id FROM visits ORDER BY seq');

  /** A visit's entries as its record says them; the queue's link from the cache. */
  const derived = (visitId: string): ActivityEntry[] =>
    viewOf(visitId, record.list(visitId)).entries.map((e) => ({
      ...e,
      intentId: intentOf.get(e.id)?.intent_id ?? null,
    }));
  /** One entry as its record says it (its last state, with its amendments: both name it). */
  const get = (id: string): ActivityEntry | null => {
    const states = record.ofSubject(id);
    const last = states.at(-1);
    if (!last) return null;
    const found = viewOf(last.visitId, states).entries[0];
    return found ? { ...found, intentId: intentOf.get(id)?.intent_id ?? null } : null;
  };

  const add = db.transaction((input: NewActivityEntry): ActivityEntry => {
    const entry: ActivityEntry = {
      id: randomUUID(),
      at: input.at ?? now().toISOString(),
      action: input.action,
      serial: input.serial,
      locationId: input.locationId,
      locationName: input.locationName,
      result: input.result,
      detail: input.detail ?? '',
      fact: keptFact(input.fact),
      visitId: visits.ensureOpen().id,
      walkTest: input.walkTest ?? null,
      intentId: input.intentId ?? null,
      sentAt: null,
      replaces: input.replaces ?? null,
      ...(input.audit ? { audit: input.audit } : {}),
      ...(input.label ? { label: input.label } : {}),
      amendments: [],
    };
    const {
      walkTest,
      fact,
      sentAt,
      replaces,
      audit,
      label,
      amendments: _none,
      ...columnsOf
    } = entry;
    insert.run({
      ...columnsOf,
      data: dataOf({ walkTest, fact, sentAt, replaces, audit, label }),
    });
    recordActivity(record, entry, entry.at);
    trim.run(ACTIVITY_CAP);
    return entry;
  });
  // The record keeps each state as its own entry; the cache's row shows the state now.
  const change = db.transaction((id: string, next: ActivityChange): ActivityEntry => {
    const before = get(id);
    if (!before) throw new Error(`no activity entry ${id}`);
    const entry: ActivityEntry = {
      ...before,
      ...next,
      detail: '',
      fact: keptFact(next.fact),
      amendments: [],
    };
    const { result, detail, locationId, locationName } = entry;
    update.run({ id, result, detail, locationId, locationName, data: dataOf(entry) });
    recordActivity(record, entry);
    return { ...entry, amendments: before.amendments };
  });
  return {
    list: (visitId) =>
      visitId === undefined ? allVisits.all().flatMap((v) => derived(v.id)) : derived(visitId),
    cachedPage: (visitId, after, limit) =>
      paged.all(visitId, after, limit).map(({ seq, ...row }) => ({ ...fromRow(row), seq })),
    cached: (visitId) => (visitId === undefined ? all.all() : ofVisit.all(visitId)).map(fromRow),
    add,
    get,
    ofIntent: (intentId) => {
      const row = byIntent.get(intentId);
      return row ? get(row.id) : null;
    },
    change,
    visits,
    record,
  };
}
