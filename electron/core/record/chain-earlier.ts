/**
 * Visits recorded before records were chained (work.db migration 10 lists them) get their
 * chain once, at the first open after the upgrade: each activity entry as it stands and each
 * photo, in order, then a `chained_at_upgrade` entry saying when. What happened to those
 * entries before the upgrade cannot be proved; the receipt says so.
 */
import type { Db } from '../db/open-database';
import type { ActivityRows } from '../store/activity-rows';
import { recordActivity } from '../store/activity-rows';
import type { PhotoRows } from '../store/photo-rows';
import { recordPhoto } from './photo-entry';

export function chainEarlierVisits(db: Db, activity: ActivityRows, photos: PhotoRows): number {
  const { record } = activity;
  const visits = record.toChain();
  for (const visitId of visits) {
    db.transaction(() => {
      // An interrupted run left nothing: this transaction is the whole chain or none of it.
      if (record.summary(visitId).entries === 0) {
        for (const entry of activity.cached(visitId)) recordActivity(record, entry, entry.at);
        for (const photo of photos.list(visitId)) recordPhoto(record, photos, photo);
        const chained = record.summary(visitId).entries;
        record.append({ visitId, kind: 'chained_at_upgrade', body: { entries: chained } });
      }
      record.chained(visitId);
    })();
  }
  return visits.length;
}
