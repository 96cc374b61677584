import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 4,
  sql: `-- Where a window of the inventory starts (store/device-blocks.ts, decision 70): devices
   -- counted per block of 1,024 row ids, kept by triggers like device_counts. The rows of a
   -- file from before are counted in the background (device_blocks_filled: blocks below it
   -- are counted); a block the triggers touched first is counted again then, whole.
   CREATE TABLE device_blocks (
     block       INTEGER PRIMARY KEY,  -- id >> 10
     total       INTEGER NOT NULL,
     uninstalled INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE device_blocks_filled (
     id    INTEGER PRIMARY KEY CHECK (id = 1),
     below INTEGER NOT NULL
   ) STRICT;
   INSERT INTO device_blocks_filled (id, below) VALUES (1, 0);
   CREATE TRIGGER devices_blocked_in AFTER INSERT ON devices BEGIN
     INSERT INTO device_blocks (block, total, uninstalled)
       VALUES (NEW.id >> 10, 1, NEW.location_id IS NULL)
       ON CONFLICT (block) DO UPDATE SET total = total + 1,
         uninstalled = uninstalled + (NEW.location_id IS NULL);
   END;
   CREATE TRIGGER devices_blocked_out AFTER DELETE ON devices BEGIN
     UPDATE device_blocks SET total = total - 1, uninstalled = uninstalled - (OLD.location_id IS NULL)
       WHERE block = OLD.id >> 10;
   END;
   CREATE TRIGGER devices_blocked_moved AFTER UPDATE OF location_id ON devices
     WHEN (OLD.location_id IS NULL) != (NEW.location_id IS NULL) BEGIN
     UPDATE device_blocks SET uninstalled = uninstalled + (NEW.location_id IS NULL) - (OLD.location_id IS NULL)
       WHERE block = NEW.id >> 10;
   END;`,
};
