/**
 * Placement photos are kept with the visit in the account's work.db (a real SQLite file), are
 * bounded in size and number, and never reach the vendor API.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { MAX_PHOTO_BYTES } from '../../../electron/shared';
import { MAX_PHOTOS_PER_DEVICE } from '../../../electron/core/service/photo-service';
import { uninstalledSerials, useSandboxWorld, workDbPath } from '../../helpers/store-world';

const jpeg = (bytes: number) =>
  `data:image/jpeg;base64,${Buffer.alloc(bytes, 0xab).toString('base64')}`;

const world = useSandboxWorld('fi-photos-');

describe('placement photos', () => {
  it('are stored with the visit in work.db, read back whole, and never sent to the server', async () => {
    const [serial] = await uninstalledSerials(world.harness, 1);
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    await world.harness.call('installDevice', { serial, locationId: at });
    const requestsBefore = world.host.requests().length;
    const photo = await world.harness.call('addPhoto', {
      serial,
      locationId: at,
      dataUrl: jpeg(2_000),
    });
    expect(world.host.requests().length, 'a photo made a request to the vendor API').toBe(
      requestsBefore,
    );
    const [visit] = await world.harness.call('listVisits');
    expect(photo).toMatchObject({ serial, locationId: at, bytes: 2_000, visitId: visit!.id });
    expect(await world.harness.call('listPhotos', {})).toEqual([photo]);
    expect((await world.harness.call('photoData', { id: photo.id })).dataUrl).toBe(jpeg(2_000));

    const db = new Database(await workDbPath(world.harness.dataDir), { readonly: true });
    try {
      const row = db.prepare('SELECT visit_id, length(bytes) AS n FROM photos').get();
      expect(row).toEqual({ visit_id: visit!.id, n: 2_000 });
    } finally {
      db.close();
    }
  });

  it('refuses a photo over the size bound, something that is not a photo, and more than the per-device bound', async () => {
    const [serial] = await uninstalledSerials(world.harness, 1);
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    const tooBig = await world.harness.core.invoke('addPhoto', {
      serial,
      locationId: at,
      dataUrl: jpeg(MAX_PHOTO_BYTES + 3),
    });
    expect(tooBig).toMatchObject({
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
      await world.harness.call('addPhoto', { serial, locationId: at, dataUrl: jpeg(100) });
    const oneMore = await world.harness.core.invoke('addPhoto', {
      serial,
      locationId: at,
      dataUrl: jpeg(100),
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
      dataUrl: jpeg(300),
    });
    const kept = await world.harness.call('addPhoto', {
      serial,
      locationId: at,
      dataUrl: jpeg(400),
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
    expect((await world.harness.call('photoData', { id: kept.id })).dataUrl).toBe(jpeg(400));
  });
});
