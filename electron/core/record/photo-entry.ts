/**
 * A photo's record entry: its picture's SHA-256 (the bytes stay in `photos`; the hash ties
 * them to the chain), size, type and when it was taken.
 */
import type { PhotoInfo } from '../../shared';
import type { PhotoRows } from '../store/photo-rows';
import { sha256Hex } from './entry-hash';
import type { VisitRecord } from './visit-record';

export function recordPhoto(record: VisitRecord, photos: PhotoRows, photo: PhotoInfo) {
  const picture = photos.data(photo.id);
  return record.append({
    visitId: photo.visitId,
    kind: 'photo',
    subject: photo.id,
    at: photo.takenAt,
    body: {
      serial: photo.serial,
      locationId: photo.locationId,
      takenAt: photo.takenAt,
      mime: picture?.mime ?? null,
      bytes: photo.bytes,
      sha256: picture ? sha256Hex(picture.data) : null,
    },
  });
}
