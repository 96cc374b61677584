/**
 * A visit read whole from its record (decision record 68): its entries a page at a time — the
 * chain checked and the view derived as they come, the thread given back between pages, so a
 * 5,000-entry visit never holds it for long — then what is kept beside the chain (the
 * `activity` and `visits` tables, the photos' bytes) compared with it. What it finds is the
 * visit's proof, remembered for lists until the record changes.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type {
  ActivityEntry,
  RecordDiffers,
  RecordEntryInfo,
  RecordProof,
  RecordedPhoto,
} from '../../shared';
import { canonicalJson } from '../record/canonical-json';
import { chainCheck } from '../record/chain-check';
import type { RecordEntry } from '../record/record-entry';
import { entryInfo } from '../record/visit-record';
import { visitView, type VisitView } from '../record/visit-view';
import type { WorkStore } from '../store/account-store';
import type { VisitRow } from '../store/visit-rows';
import { recordedPhoto } from './photo-service';

/** Entries read per turn of the event loop (each checked with an HMAC). */
const PAGE = 100;

export interface VisitRead {
  view: VisitView;
  record: RecordEntryInfo[];
  photos: RecordedPhoto[];
  proof: RecordProof;
}

/** The fields of an activity entry the cache keeps, as compared with the chain's. */
const CACHED_FIELDS = [
  'at',
  'action',
  'serial',
  'locationId',
  'locationName',
  'result',
  'fact',
  'walkTest',
  'audit',
  'sentAt',
  'replaces',
  'label',
] as const;

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** The first field where the cache's row of an entry says another thing than the chain. */
const differingField = (cached: ActivityEntry, recorded: ActivityEntry): string | null => {
  for (const field of CACHED_FIELDS) if (!same(cached[field], recorded[field])) return field;
  if (recorded.fact === null && cached.detail !== recorded.detail) return 'detail';
  return null;
};

/** What the cache keeps of an entry, in one comparable text (one serialisation per row). */
const cachedText = (e: ActivityEntry): string =>
  canonicalJson([
    ...CACHED_FIELDS.map((field) => e[field] ?? null),
    e.fact === null ? e.detail : null,
  ]);

/**
 * Where the visit's cached rows disagree with its chain, first first: read and compared a page
 * at a time (a visit's cache is up to ACTIVITY_CAP rows).
 */
async function cacheDiffers(
  work: WorkStore,
  visitId: string,
  row: VisitRow | null,
  read: VisitView,
  intents: Map<string, string | null>,
): Promise<RecordDiffers | null> {
  const byId = read.recorded;
  let found: RecordDiffers | null = null;
  for (let after = 0; ;) {
    const rows = work.activity.cachedPage(visitId, after, PAGE);
    for (const cached of rows) {
      intents.set(cached.id, cached.intentId);
      if (found) continue;
      const recorded = byId.get(cached.id);
      const entry = read.recordOf.get(cached.id);
      if (!recorded || !entry) found = { n: null, kind: null, field: 'entry' };
      else if (cachedText(cached) !== cachedText(recorded)) {
        const field = differingField(cached, recorded) ?? 'entry';
        found = { n: entry.n, kind: entry.kind, field };
      }
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.seq;
    await nextTurn();
  }
  if (found || !row) return found;
  const start = read.started;
  if (start && start.at !== row.startedAt)
    return { n: 1, kind: 'visit_started', field: 'startedAt' };
  if ((row.finishedAt !== null) !== (read.signOff !== null))
    return { n: null, kind: 'sign_off', field: 'finishedAt' };
  if (!same(row.incomplete, read.incomplete)) {
    const entry = [...read.recordOf.values()].findLast((e) => e.kind === 'visit_incomplete');
    return { n: entry?.n ?? null, kind: 'visit_incomplete', field: 'incomplete' };
  }
  return null;
}

/** Reads a visit whole from its record; null when it has no entries. */
export async function readVisit(work: WorkStore, visitId: string): Promise<VisitRead | null> {
  const { record } = work.activity;
  const seal = record.seal(visitId);
  const check = chainCheck(record.secret, seal);
  const view = visitView(visitId);
  const infos: RecordEntryInfo[] = [];
  let after = 0;
  for (;;) {
    const page: RecordEntry[] = record.page(visitId, after, PAGE);
    for (const entry of page) {
      check.add(entry);
      view.add(entry);
      infos.push(entryInfo(entry));
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.n;
    await nextTurn();
  }
  if (infos.length === 0) return null;
  const read = view.result();
  const { broken, chaining } = check.result();
  const photos: RecordedPhoto[] = [];
  let photo: RecordDiffers | null = null;
  for (const p of read.photos) {
    await nextTurn();
    const checked = recordedPhoto(work, visitId, p);
    photos.push(checked);
    photo ??= checked.matches ? null : { n: p.n, kind: 'photo', field: 'picture' };
  }
  const live = new Set(read.photos.map((p) => p.id));
  const extra = work.photos.list(visitId).find((p) => !live.has(p.id));
  // The queue's link to a row is plumbing the record leaves out (activity-rows.ts recordBodyOf).
  const intents = new Map<string, string | null>();
  const cache =
    (await cacheDiffers(work, visitId, work.activity.visits.get(visitId), read, intents)) ??
    (extra ? { n: null, kind: 'photo' as const, field: 'entry' } : null);
  const proof: RecordProof = {
    chaining,
    sealedAt: chaining === 'sealed' ? (seal?.sealedAt ?? null) : null,
    broken,
    cache,
    photo,
  };
  const entries = read.entries.map((e) => ({ ...e, intentId: intents.get(e.id) ?? null }));
  return { view: { ...read, entries }, record: infos, photos, proof };
}
