/**
 * The activity log in work.db: what the technician did, as proof of work. Appending one entry
 * is one INSERT (it used to rewrite a 3.6 MB file per action), into the visit in progress (one
 * is started when none is). Capped so years of use never grow it without bound.
 */
import { randomUUID } from 'node:crypto';
import type { ActivityEntry, ActivityFact, Amendment, RecordEntryKind } from '../../shared';
import type { Db } from '../db/open-database';
import { visitRecord, type VisitRecord } from '../record/visit-record';
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
  /** Oldest first: every visit's, or one visit's. */
  list(visitId?: string): ActivityEntry[];
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
type Data = Partial<Pick<ActivityEntry, 'walkTest' | 'fact' | 'sentAt' | 'replaces' | 'audit'>>;

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
    amendments: [],
  };
};

/** The entry as its amendments left it: the corrected values, and the amendments beside them. */
const amended = (entry: ActivityEntry, amendments: readonly Amendment[] = []): ActivityEntry =>
  amendments.reduce<ActivityEntry>(
    (e, a) => ({
      ...e,
      fact:
        e.fact?.kind === 'verification' && a.field === 'note'
          ? { ...e.fact, note: a.value }
          : e.fact,
      amendments: [...e.amendments, a],
    }),
    entry,
  );

/** The record entry's kind for an activity entry: what it says, for the CSV and the check. */
const recordKind = (entry: ActivityEntry): RecordEntryKind => {
  if (entry.fact?.kind === 'mounting_checklist') return 'mounting_checklist';
  if (entry.fact?.kind === 'visit_incomplete') return 'visit_incomplete';
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
const dataOf = ({ walkTest, fact, sentAt, replaces, audit }: Data): string | null => {
  const data: Data = {
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

export function activityRows(db: Db, now: () => Date = () => new Date()): ActivityRows {
  const visits = visitRows(db, now);
  const record = visitRecord(db, now);
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
  const all = db.prepare<[], Row>(`${columns} ORDER BY seq`);
  const ofVisit = db.prepare<[string], Row>(`${columns} WHERE visit_id = ? ORDER BY seq`);
  const byIntent = db.prepare<[string], Row>(
    `${columns} WHERE intent_id = ? ORDER BY seq DESC LIMIT 1`,
  );
  const byId = db.prepare<[string], Row>(`${columns} WHERE id = ?`);
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
      amendments: [],
    };
    const { walkTest, fact, sentAt, replaces, audit, amendments: _none, ...columnsOf } = entry;
    insert.run({ ...columnsOf, data: dataOf({ walkTest, fact, sentAt, replaces, audit }) });
    recordActivity(record, entry, entry.at);
    trim.run(ACTIVITY_CAP);
    return entry;
  });
  // The row shows the action's state now; the record keeps each state as its own entry.
  const change = db.transaction((id: string, next: ActivityChange): ActivityEntry => {
    const row = byId.get(id);
    if (!row) throw new Error(`no activity entry ${id}`);
    const entry: ActivityEntry = {
      ...fromRow(row),
      ...next,
      detail: '',
      fact: keptFact(next.fact),
    };
    const { result, detail, locationId, locationName } = entry;
    update.run({ id, result, detail, locationId, locationName, data: dataOf(entry) });
    if (entry.visitId) recordActivity(record, entry);
    return entry;
  });
  return {
    list: (visitId) => {
      const amendments = record.amendments(visitId);
      return (visitId === undefined ? all.all() : ofVisit.all(visitId))
        .map(fromRow)
        .map((e) => amended(e, amendments.get(e.id)));
    },
    add,
    get: (id) => {
      const row = byId.get(id);
      if (!row) return null;
      const entry = fromRow(row);
      return amended(entry, record.amendments(entry.visitId).get(id));
    },
    ofIntent: (intentId) => {
      const row = byIntent.get(intentId);
      return row ? fromRow(row) : null;
    },
    change,
    visits,
    record,
  };
}
