/**
 * The seal of a scope's records from before keys (decision record 68): once, at the first open
 * of a work.db with the installation's secret, every visit's unkeyed entries are sealed — their
 * count and final hash, MACed with the secret — and the keychain notes that this scope is done
 * (credentials/record-key.ts). Unkeyed entries outside a seal never check out, so writing
 * work.db cannot add an unkeyed visit later, and rolling the file back to an unkeyed copy does
 * not get one sealed (the keychain says the scope was sealed already).
 */
import type { Db } from '../db/open-database';
import { sealMac } from './chain-check';

export function sealEarlierVisits(db: Db, secret: Buffer, now: () => Date = () => new Date()) {
  const unsealed = db
    .prepare<[], { visit_id: string; entries: number; final_hash: string }>(
      `SELECT r.visit_id, count(*) AS entries,
         (SELECT hash FROM record_entries l WHERE l.visit_id = r.visit_id AND l.keyed = 0
          ORDER BY n DESC LIMIT 1) AS final_hash
       FROM record_entries r
       WHERE r.keyed = 0 AND r.visit_id NOT IN (SELECT visit_id FROM record_seals)
       GROUP BY r.visit_id`,
    )
    .all();
  const insert = db.prepare(
    `INSERT INTO record_seals (visit_id, entries, final_hash, sealed_at, mac)
     VALUES (@visitId, @entries, @finalHash, @sealedAt, @mac)`,
  );
  const sealedAt = now().toISOString();
  db.transaction(() => {
    for (const row of unsealed) {
      const seal = {
        visitId: row.visit_id,
        entries: row.entries,
        finalHash: row.final_hash,
        sealedAt,
      };
      insert.run({ ...seal, mac: sealMac(seal, secret) });
    }
  })();
  return unsealed.length;
}
