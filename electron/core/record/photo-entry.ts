/**
 * A photo's record entry: its picture's SHA-256 (the bytes stay in `photos`; the hash ties
 * them to the chain), size, type, when the core stored it and the camera's own time for it.
 */
import type { PhotoInfo } from '../../shared';
import type { PhotoRows } from '../store/photo-rows';
import { sha256Hex } from './entry-hash';
import type { VisitRecord } from './visit-record';
import type { RecordedPhotoBody } from './visit-view';

export function recordPhoto(record: VisitRecord, photos: PhotoRows, photo: PhotoInfo) {
  const picture = photos.data(photo.id);
  const body: RecordedPhotoBody = {
    serial: photo.serial,
    locationId: photo.locationId,
    takenAt: photo.takenAt,
    ...(photo.cameraAt ? { cameraAt: photo.cameraAt } : {}),
    mime: picture?.mime ?? null,
    bytes: photo.bytes,
    sha256: picture ? sha256Hex(picture.data) : null,
  };
  return record.append({
    visitId: photo.visitId,
    kind: 'photo',
    subject: photo.id,
    at: photo.takenAt,
    body,
  });
}
