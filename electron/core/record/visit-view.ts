/**
 * What a visit shows, derived from its chained entries alone (decision record 68): its
 * activity (each action, verification, checklist, audit… as its last recorded state, in the
 * order first recorded, with the amendments that name it), its photos (recorded and not
 * removed), its start and organization, its sign-off and whether it was finished incomplete.
 * Incremental, like the chain's check, so a long visit is read a page at a time.
 */
import type { ActivityEntry, Amendment, RecordEntryKind, SignOff, Visit } from '../../shared';
import type { RecordEntry } from './record-entry';
import type { AmendmentBody } from './visit-record';

/** Record kinds whose subject is an activity entry. */
const ACTIVITY_KINDS = new Set<RecordEntryKind>([
  'action',
  'verification',
  'mounting_checklist',
  'visit_incomplete',
  'silent_check',
  'accuracy_audit',
  'storage',
]);

/** A photo as its record entry says it. */
export interface RecordedPhotoBody {
  serial: string;
  locationId: string;
  takenAt: string;
  /** The camera's own time for the frame, when it was within bounds (photo-service.ts). */
  cameraAt?: string | null;
  mime: string | null;
  bytes: number;
  sha256: string | null;
}

export interface ViewedPhoto extends RecordedPhotoBody {
  id: string;
  /** Its record entry. */
  n: number;
}

interface VisitStarted {
  at: string;
  organization: { id: string; name: string } | null;
}

export interface VisitView {
  entries: ActivityEntry[];
  photos: ViewedPhoto[];
  signOff: SignOff | null;
  incomplete: Visit['incomplete'];
  started: VisitStarted | null;
  /** Each activity entry's last record entry (where a disagreement is named). */
  recordOf: Map<string, RecordEntry>;
  /** Each activity entry as its last state says it, before amendments (what the cache keeps). */
  recorded: Map<string, ActivityEntry>;
  /** Store id → name, as the entries name them, in the order first named. */
  stores: { locationId: string | null; name: string }[];
}

/** An activity entry from the body its record entry holds (`recordBodyOf`, activity-rows.ts). */
export const activityOf = (visitId: string, subject: string, body: unknown): ActivityEntry => {
  const said = body as Partial<ActivityEntry>;
  return {
    id: subject,
    visitId,
    at: said.at ?? '',
    action: said.action ?? 'storage',
    serial: said.serial ?? null,
    locationId: said.locationId ?? null,
    locationName: said.locationName ?? null,
    result: said.result ?? 'failed',
    detail: said.detail ?? '',
    fact: said.fact ?? null,
    walkTest: said.walkTest ?? null,
    intentId: null,
    sentAt: said.sentAt ?? null,
    replaces: said.replaces ?? null,
    ...(said.audit ? { audit: said.audit } : {}),
    ...(said.label ? { label: said.label } : {}),
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

export interface VisitViewBuilder {
  add(entry: RecordEntry): void;
  result(): VisitView;
}

export function visitView(visitId: string): VisitViewBuilder {
  const activity = new Map<string, ActivityEntry>();
  const recordOf = new Map<string, RecordEntry>();
  const amendments = new Map<string, Amendment[]>();
  const photos = new Map<string, ViewedPhoto>();
  let signOff: SignOff | null = null;
  let started: VisitStarted | null = null;
  return {
    add(entry) {
      const { kind, subject, body } = entry;
      if (ACTIVITY_KINDS.has(kind) && subject !== null) {
        activity.set(subject, activityOf(visitId, subject, body));
        recordOf.set(subject, entry);
      } else if (kind === 'amendment' && subject !== null) {
        const { field, value, previous, reason } = body as AmendmentBody;
        const list = amendments.get(subject) ?? [];
        list.push({ at: entry.at, field, value, previous, reason });
        amendments.set(subject, list);
      } else if (kind === 'photo' && subject !== null) {
        photos.set(subject, { ...(body as RecordedPhotoBody), id: subject, n: entry.n });
      } else if (kind === 'photo_removed' && subject !== null) {
        photos.delete(subject);
      } else if (kind === 'sign_off') {
        signOff = { ...(body as Omit<SignOff, 'at'>), at: entry.at } as SignOff;
      } else if (kind === 'visit_started') {
        const said = body as { organization?: VisitStarted['organization'] };
        started = { at: entry.at, organization: said.organization ?? null };
      }
    },
    result() {
      const entries = [...activity.values()].map((e) => amended(e, amendments.get(e.id)));
      let incomplete: Visit['incomplete'] = null;
      const stores = new Map<string, VisitView['stores'][number]>();
      for (const e of entries) {
        if (e.fact?.kind === 'visit_incomplete')
          incomplete = { open: e.fact.open, reason: e.fact.reason };
        if (e.locationName !== null && e.serial !== null) {
          const key = e.locationId ?? e.locationName;
          if (!stores.has(key)) stores.set(key, { locationId: e.locationId, name: e.locationName });
        }
      }
      return {
        entries,
        photos: [...photos.values()],
        signOff,
        incomplete,
        started,
        recordOf,
        recorded: activity,
        stores: [...stores.values()],
      };
    },
  };
}

/** A whole visit's view from its entries at once (small visits, the core's own checks). */
export function viewOf(visitId: string, entries: readonly RecordEntry[]): VisitView {
  const builder = visitView(visitId);
  for (const entry of entries) builder.add(entry);
  return builder.result();
}
