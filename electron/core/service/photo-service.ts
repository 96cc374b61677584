/**
 * Placement photos: attached to an installed device in the visit in progress, kept in the
 * account's work.db and never sent to the vendor API (it has no place for them). What a visit's
 * photos are is its record's word (record/visit-view.ts): the `photos` table holds the bytes,
 * each checked against the SHA-256 its record entry holds before it is shown.
 */
import {
  MAX_PHOTO_BYTES,
  type ErrorSaid,
  type ParsedInput,
  type PhotoInfo,
  type RecordedPhoto,
} from '../../shared';
import { MAX_PHOTOS_PER_DEVICE, PHOTO_MAX_SIDE } from '../../shared/photo-limits';
import { AppError } from '../app-error';
import { guarded } from '../db/storage-error';
import { sha256Hex } from '../record/entry-hash';
import { recordPhoto } from '../record/photo-entry';
import { viewOf, type RecordedPhotoBody, type ViewedPhoto } from '../record/visit-view';
import type { WorkStore } from '../store/account-store';
import { requireScope, type ServiceContext } from './context';
import { checkImage, type PhotoMime } from './photo-image';

export { MAX_PHOTOS_PER_DEVICE };

/** How far the camera's own time may be from the core's and still be kept beside it: a frame
 * is sent moments after it is captured. */
const CAMERA_EARLY_MS = 10 * 60_000;
const CAMERA_LATE_MS = 60_000;

type Refusal = Extract<
  ErrorSaid,
  { code: 'photo_not_a_photo' | 'photo_empty' | 'photo_too_large' | 'photo_too_wide' }
>;

const refuse = (said: Refusal) =>
  new AppError({ kind: 'validation', ...said, fields: { dataUrl: { code: 'invalid' } } });

/** The camera's time, kept only within bounds of the core's clock (never instead of it). */
const cameraTime = (taken: string | undefined, now: Date): string | null => {
  if (taken === undefined) return null;
  const at = Date.parse(taken);
  const diff = now.getTime() - at;
  return diff <= CAMERA_EARLY_MS && diff >= -CAMERA_LATE_MS ? new Date(at).toISOString() : null;
};

export function addPhoto(ctx: ServiceContext, input: ParsedInput<'addPhoto'>): PhotoInfo {
  const scope = requireScope(ctx);
  const [head, base64 = ''] = input.dataUrl.split(',', 2);
  const mime = /^data:(image\/(?:jpeg|webp|png));base64$/.exec(head ?? '')?.[1] as
    PhotoMime | undefined;
  if (!mime) throw refuse({ code: 'photo_not_a_photo' });
  const raw = Buffer.from(base64, 'base64');
  if (raw.length === 0) throw refuse({ code: 'photo_empty' });
  if (raw.length > MAX_PHOTO_BYTES) throw refuse({ code: 'photo_too_large' });
  const maxSide = ctx.options.managed?.photoMaxSide ?? PHOTO_MAX_SIDE;
  const image = checkImage(raw, mime, maxSide);
  if ('refused' in image)
    throw refuse(
      image.refused === 'photo_too_wide'
        ? { code: image.refused, params: { max: maxSide } }
        : { code: image.refused },
    );
  const now = new Date();
  const { work } = scope.store;
  return guarded(() =>
    work.db.transaction(() => {
      const visit = work.activity.visits.ensureOpen();
      if (livePhotos(work, visit.id, input.serial).length >= MAX_PHOTOS_PER_DEVICE) {
        throw new AppError({
          kind: 'validation',
          code: 'photo_limit',
          params: { serial: input.serial, max: MAX_PHOTOS_PER_DEVICE },
        });
      }
      const cameraAt = cameraTime(input.takenAt, now);
      const photo = work.photos.add({
        visitId: visit.id,
        serial: input.serial,
        locationId: input.locationId,
        mime,
        data: image.data,
        takenAt: now.toISOString(),
      });
      const recorded = { ...photo, ...(cameraAt ? { cameraAt } : {}) };
      recordPhoto(work.activity.record, work.photos, recorded);
      return recorded;
    })(),
  );
}

/** A visit's photos as its record says them (recorded, not removed), of one device or all. */
/** The visit's photos as its record says: only photo entries and removals decide them. */
const livePhotos = (work: WorkStore, visitId: string, serial?: string): ViewedPhoto[] =>
  viewOf(visitId, work.activity.record.photoStates(visitId)).photos.filter(
    (p) => serial === undefined || p.serial === serial,
  );

const infoOf = (visitId: string, photo: ViewedPhoto): PhotoInfo => ({
  id: photo.id,
  visitId,
  serial: photo.serial,
  locationId: photo.locationId,
  takenAt: photo.takenAt,
  ...(photo.cameraAt ? { cameraAt: photo.cameraAt } : {}),
  bytes: photo.bytes,
});

/** A recorded photo, and whether the picture stored is the one its entry hashed. */
export const recordedPhoto = (
  work: WorkStore,
  visitId: string,
  photo: ViewedPhoto,
): RecordedPhoto => {
  const stored = work.photos.data(photo.id);
  const matches =
    stored !== null && photo.sha256 !== null && sha256Hex(stored.data) === photo.sha256;
  return { ...infoOf(visitId, photo), n: photo.n, matches };
};

export function listPhotos(ctx: ServiceContext, input: ParsedInput<'listPhotos'>): PhotoInfo[] {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return [];
  const { work } = scope.store;
  const visitId = input.visitId ?? work.activity.visits.current()?.id;
  if (visitId === undefined) return [];
  return guarded(() => livePhotos(work, visitId, input.serial).map((p) => infoOf(visitId, p)));
}

const photoGone = () =>
  new AppError({
    kind: 'not_found',
    code: 'photo_gone',
  });

/** The photo's recorded entry, found by its id (its subject: its removal names it too). */
const recordedEntry = (work: WorkStore, id: string): ViewedPhoto | null => {
  const states = work.activity.record.ofSubject(id);
  const entry = states.find((e) => e.kind === 'photo');
  if (!entry || states.some((e) => e.kind === 'photo_removed')) return null;
  return { ...(entry.body as RecordedPhotoBody), id, n: entry.n };
};

/** One photo's picture, only when it is the one recorded (never a swapped one, silently). */
export function photoData(ctx: ServiceContext, id: string): { dataUrl: string } {
  const { work } = requireScope(ctx).store;
  const recorded = guarded(() => recordedEntry(work, id));
  const found = guarded(() => work.photos.data(id));
  if (!recorded || !found) throw photoGone();
  if (recorded.sha256 !== sha256Hex(found.data)) {
    throw new AppError({
      kind: 'validation',
      code: 'photo_not_recorded',
      params: { entry: recorded.n },
    });
  }
  return { dataUrl: `data:${found.mime};base64,${found.data.toString('base64')}` };
}

/**
 * A wrong photo is removed while its visit is in progress; a finished visit's photos are its
 * proof of work (its receipt may have been handed over) and stay. Answers the photos of the
 * same device in that visit.
 */
export function deletePhoto(ctx: ServiceContext, id: string): PhotoInfo[] {
  const { work } = requireScope(ctx).store;
  return guarded(() =>
    work.db.transaction(() => {
      const photo = recordedEntry(work, id);
      if (!photo) throw photoGone();
      const { record, visits } = work.activity;
      const visitId = record.ofSubject(id)[0]!.visitId;
      // Finished by its record's sign-off, or by the visits table: either keeps its photos.
      if (viewOf(visitId, record.list(visitId)).signOff || visits.get(visitId)?.finishedAt) {
        throw new AppError({
          kind: 'validation',
          code: 'photo_visit_finished',
        });
      }
      work.photos.remove(id);
      // The record keeps that it was taken (its hash) and that it was removed.
      record.append({
        visitId,
        kind: 'photo_removed',
        subject: id,
        body: { serial: photo.serial },
      });
      return livePhotos(work, visitId, photo.serial).map((p) => infoOf(visitId, p));
    })(),
  );
}
