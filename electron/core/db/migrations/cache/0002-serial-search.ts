import type { NumberedMigration } from '../numbered';

/** Why: decision record 33. The SQL is as released, its comments included. */
export const migration: NumberedMigration = {
  version: 2,
  sql: `-- Serials as people read labels (issue 21): the serial key (electron/shared/serial-key.ts: lower
   -- case, no space, "-", "." or "_") in its own trigram index, so "FTC2B5H97J8" and
   -- "FTC 2B5H97J8" find FTC-2B5H97J8, and with "$" and a mark after it ("$" not installed,
   -- "%" installed), so the last one or two characters are a trigram too ("j8$", "8$$"), one
   -- that keeps to the inventory by itself: the first characters of a vendor's serials are the
   -- same for every device. Its own table because devices_search is contentless: adding
   -- the key there means re-indexing every device's text from its JSON, eight times the work of
   -- filling this from the serial column alone (7.5 s against 0.9 s at 200,000 devices).
   -- \`state\` as in devices_search. The same key finds the server's spelling of a typed serial
   -- (store/serial-lookup.ts).
   -- devices.serial stays UNIQUE as the server spells it: on a server that looks serials up
   -- case-sensitively "ab12" and "AB12" can be two devices.
   CREATE VIRTUAL TABLE serial_search USING fts5(
     key, state, content = '', contentless_delete = 1, tokenize = 'trigram'
   );
   INSERT INTO serial_search (rowid, key, state)
     SELECT id,
            lower(replace(replace(replace(replace(serial, ' ', ''), '-', ''), '.', ''), '_', ''))
              || CASE WHEN location_id IS NULL THEN '$$' ELSE '$%' END,
            CASE WHEN location_id IS NULL THEN 'yes' ELSE '' END
     FROM devices ORDER BY id;`,
};
