/**
 * Placement photos are kept with the visit in the account's work.db (a real SQLite file), are
 * bounded in size and number, are the pictures they claim to be without location metadata,
 * carry the core's time (the camera's beside it, within bounds), and never reach the vendor API.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { MAX_PHOTO_BYTES } from '../../../electron/shared';
import { MAX_PHOTOS_PER_DEVICE } from '../../../electron/core/service/photo-service';
import { JPEG_8x6, PNG_8x6, jpegWithGps } from '../../helpers/photo-bytes';
import { uninstalledSerials, useSandboxWorld, workDbPath } from '../../helpers/store-world';

const dataUrl = (bytes: Buffer, mime = 'image/jpeg') =>
  `data:${mime};base64,${bytes.toString('base64')}`;
/** A real picture (Chromium's JPEG of a canvas). */
const JPEG = dataUrl(JPEG_8x6);
/** One byte over the size bound: the picture with comments (ten segments) as long as it takes. */
const tooBig = () => {
  const comment = Buffer.alloc(MAX_PHOTO_BYTES + 1 - JPEG_8x6.length - 4 * 10, 0x20);
  const segments: Buffer[] = [];
  for (let at = 0; at < comment.length; at += 60_000) {
    const part = comment.subarray(at, at + 60_000);
    const head = Buffer.from([0xff, 0xfe, 0, 0]);
    head.writeUInt16BE(part.length + 2, 2);
    segments.push(head, part);
  }
  const bytes = Buffer.concat([JPEG_8x6.subarray(0, 2), ...segments, JPEG_8x6.subarray(2)]);
  if (bytes.length !== MAX_PHOTO_BYTES + 1) throw new Error(`${bytes.length} bytes`);
  return dataUrl(bytes);
};

const world = useSandboxWorld('fi-photos-');

describe('placement photos', () => {
  it('are stored with the visit in work.db, read back whole, and never sent to the server', async () => {
    const [serial] = await uninstalledSerials(world.harness, 1);
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    await world.harness.call('installDevice', { serial, locationId: at });
    const requestsBefore = world.host.requests().length;
    const before = Date.now();
    // The camera's time for the frame: seconds ago, kept beside the core's own.
    const captured = new Date(before - 5_000).toISOString();
    const photo = await world.harness.call('addPhoto', {
      serial,
      locationId: at,
      dataUrl: dataUrl(jpegWithGps()),
      takenAt: captured,
    });
    expect(world.host.requests().length, 'a photo made a request to the vendor API').toBe(
      requestsBefore,
    );
    const [visit] = await world.harness.call('listVisits');
    // Kept without its EXIF, GPS and comment: the same picture as the clean one.
    expect(photo).toMatchObject({
      serial,
      locationId: at,
      bytes: JPEG_8x6.length,
      visitId: visit!.id,
      cameraAt: captured,
    });
    expect(Date.parse(photo.takenAt)).toBeGreaterThanOrEqual(before);
    expect(await world.harness.call('listPhotos', {})).toEqual([photo]);
    expect((await world.harness.call('photoData', { id: photo.id })).dataUrl).toBe(JPEG);

    const db = new Database(await workDbPath(world.harness.dataDir), { readonly: true });
    try {
      const row = db
        .prepare<[], { visit_id: string; bytes: Buffer }>('SELECT visit_id, bytes FROM photos')
        .get()!;
      expect(row.visit_id).toBe(visit!.id);
      expect(row.bytes.equals(JPEG_8x6)).toBe(true);
      expect(row.bytes.toString('latin1')).not.toMatch(/Exif|GPS|52\.52/);
    } finally {
      db.close();
    }
  });

  it('takes its time from the core’s clock: a camera time out of bounds is not kept', async () => {
    // A device of its own: the per-device bound is the next test's.
    const serial = (await uninstalledSerials(world.harness, 5))[3]!;
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    for (const takenAt of [
      '2019-01-01T00:00:00.000Z',
      new Date(Date.now() + 3_600_000).toISOString(),
    ]) {
      const before = Date.now();
      const photo = await world.harness.call('addPhoto', {
        serial,
        locationId: at,
        dataUrl: JPEG,
        takenAt,
      });
      expect(photo.cameraAt ?? null).toBeNull();
      expect(Date.parse(photo.takenAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(photo.takenAt)).toBeLessThanOrEqual(Date.now());
    }
  });

  it('refuses bytes that are not the type they claim, and a picture larger than allowed', async () => {
    const serial = (await uninstalledSerials(world.harness, 5))[4]!;
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    expect(
      await world.harness.core.invoke('addPhoto', {
        serial,
        locationId: at,
        dataUrl: dataUrl(PNG_8x6),
      }),
    ).toMatchObject({ ok: false, error: { kind: 'validation', code: 'photo_not_a_photo' } });
    expect(
      await world.harness.core.invoke('addPhoto', {
        serial,
        locationId: at,
        dataUrl: dataUrl(Buffer.alloc(2_000, 0xab)),
      }),
    ).toMatchObject({ ok: false, error: { kind: 'validation', code: 'photo_not_a_photo' } });
    // 8 pixels wide against an allowed 320: a picture of 8×6 cannot be too wide here, so one
    // header saying 5,000 pixels (the bytes otherwise as they are) stands for it.
    const wide = Buffer.from(JPEG_8x6);
    const sof = wide.indexOf(Buffer.from([0xff, 0xc0]));
    wide.writeUInt16BE(5_000, sof + 7);
    const refused = await world.harness.core.invoke('addPhoto', {
      serial,
      locationId: at,
      dataUrl: dataUrl(wide),
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'validation', code: 'photo_too_wide', params: { max: 1024 } },
    });
    if (!refused.ok)
      expect(errorWords(refused.error).message).toBe(
        'The photo is larger than 1,024 pixels on a side.',
      );
  });

  it('refuses a photo over the size bound, something that is not a photo, and more than the per-device bound', async () => {
    const [serial] = await uninstalledSerials(world.harness, 1);
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    const overBound = await world.harness.core.invoke('addPhoto', {
      serial,
      locationId: at,
      dataUrl: tooBig(),
    });
    expect(overBound).toMatchObject({
      ok: false,
      error: { kind: 'validation', code: 'photo_too_large' },
    });
    const notPhoto = await world.harness.core.invoke('addPhoto', {
      serial,
      locationId: at,
      dataUrl: 'data:text/html;base64,PGgxPg==',
    });
    expect(notPhoto).toMatchObject({
      ok: false,
      error: { kind: 'validation', fields: { dataUrl: { rule: 'photo_not_a_photo' } } },
    });
    for (let i = 0; i < MAX_PHOTOS_PER_DEVICE; i++)
      await world.harness.call('addPhoto', { serial, locationId: at, dataUrl: JPEG });
    const oneMore = await world.harness.core.invoke('addPhoto', {
      serial,
      locationId: at,
      dataUrl: JPEG,
    });
    expect(oneMore).toMatchObject({
      ok: false,
      error: { code: 'photo_limit', params: { serial, max: MAX_PHOTOS_PER_DEVICE } },
    });
    if (oneMore.ok) return;
    expect(errorWords(oneMore.error).message).toBe(
      `${serial} already has ${MAX_PHOTOS_PER_DEVICE} photos in this visit.`,
    );
    expect(await world.harness.call('listPhotos', { serial })).toHaveLength(MAX_PHOTOS_PER_DEVICE);
  });

  it('a wrong photo is removed while its visit is in progress; a finished visit’s stays', async () => {
    // A device without photos yet (the test before filled one to the bound).
    const taken = new Set((await world.harness.call('listPhotos', {})).map((p) => p.serial));
    const serial = (await uninstalledSerials(world.harness, 5)).find((s) => !taken.has(s))!;
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    await world.harness.call('installDevice', { serial, locationId: at });
    const wrong = await world.harness.call('addPhoto', {
      serial,
      locationId: at,
      dataUrl: JPEG,
    });
    const kept = await world.harness.call('addPhoto', {
      serial,
      locationId: at,
      dataUrl: dataUrl(PNG_8x6, 'image/png'),
    });
    expect(await world.harness.call('deletePhoto', { id: wrong.id })).toEqual([kept]);
    expect(await world.harness.call('listPhotos', { serial })).toEqual([kept]);
    expect(await world.harness.core.invoke('deletePhoto', { id: wrong.id })).toMatchObject({
      ok: false,
      error: { kind: 'not_found', code: 'photo_gone' },
    });

    await world.harness.call('finishVisit', {
      signOff: { signed: false, reason: 'Nobody from the store present' },
    });
    expect(await world.harness.core.invoke('deletePhoto', { id: kept.id })).toMatchObject({
      ok: false,
      error: { kind: 'validation', code: 'photo_visit_finished' },
    });
    expect((await world.harness.call('photoData', { id: kept.id })).dataUrl).toBe(
      dataUrl(PNG_8x6, 'image/png'),
    );
  });
});
