/**
 * Placement photos: attached to an installed device in the visit in progress, kept in the
 * account's work.db and never sent to the vendor API (it has no place for them).
 */
import { MAX_PHOTO_BYTES, type ParsedInput, type PhotoInfo } from '../../shared';
import { MAX_PHOTOS_PER_DEVICE } from '../../shared/photo-limits';
import { AppError } from '../app-error';
import { guarded } from '../db/storage-error';
import { recordPhoto } from '../record/photo-entry';
import { requireScope, type ServiceContext } from './context';

export { MAX_PHOTOS_PER_DEVICE };

const refuse = (code: 'photo_not_a_photo' | 'photo_empty' | 'photo_too_large') =>
  new AppError({ kind: 'validation', code, fields: { dataUrl: { code: 'invalid' } } });

export function addPhoto(ctx: ServiceContext, input: ParsedInput<'addPhoto'>): PhotoInfo {
  const scope = requireScope(ctx);
  const [head, base64 = ''] = input.dataUrl.split(',', 2);
  const mime = /^data:(image\/(?:jpeg|webp|png));base64$/.exec(head ?? '')?.[1];
  if (!mime) throw refuse('photo_not_a_photo');
  const data = Buffer.from(base64, 'base64');
  if (data.length === 0) throw refuse('photo_empty');
  if (data.length > MAX_PHOTO_BYTES) throw refuse('photo_too_large');
  const { work } = scope.store;
  return guarded(() =>
    work.db.transaction(() => {
      const visit = work.activity.visits.ensureOpen();
      if (work.photos.count(visit.id, input.serial) >= MAX_PHOTOS_PER_DEVICE) {
        throw new AppError({
          kind: 'validation',
          code: 'photo_limit',
          params: { serial: input.serial, max: MAX_PHOTOS_PER_DEVICE },
        });
      }
      const photo = work.photos.add({
        visitId: visit.id,
        serial: input.serial,
        locationId: input.locationId,
        mime,
        data,
        ...(input.takenAt ? { takenAt: input.takenAt } : {}),
      });
      recordPhoto(work.activity.record, work.photos, photo);
      return photo;
    })(),
  );
}

export function listPhotos(ctx: ServiceContext, input: ParsedInput<'listPhotos'>): PhotoInfo[] {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return [];
  const { work } = scope.store;
  const visitId = input.visitId ?? work.activity.visits.current()?.id;
  return visitId === undefined ? [] : work.photos.list(visitId, input.serial);
}

const photoGone = () =>
  new AppError({
    kind: 'not_found',
    code: 'photo_gone',
  });

export function photoData(ctx: ServiceContext, id: string): { dataUrl: string } {
  const found = requireScope(ctx).store.work.photos.data(id);
  if (!found) throw photoGone();
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
      const photo = work.photos.get(id);
      if (!photo) throw photoGone();
      if (work.activity.visits.get(photo.visitId)?.finishedAt) {
        throw new AppError({
          kind: 'validation',
          code: 'photo_visit_finished',
        });
      }
      work.photos.remove(id);
      // The record keeps that it was taken (its hash) and that it was removed.
      work.activity.record.append({
        visitId: photo.visitId,
        kind: 'photo_removed',
        subject: photo.id,
        body: { serial: photo.serial },
      });
      return work.photos.list(photo.visitId, photo.serial);
    })(),
  );
}
