/** A visit's pick list: the serials of a box, checked and installed together (decision record 59). */
import type { ActivityEntry } from './visits';
import { Id, Label, RULE, Serial } from './fields';
import type { LocationRefView } from './views';
import type { OutboxItem } from './outbox';
import { op } from './operation';
import { z } from 'zod';

/** What one addToPickList takes: a box or a few, never a whole file by mistake. */
const PICK_TEXT_MAX = 20_000;
/**
 * Lines one visit's list holds: a pallet of boxes. A paste that would go past it is refused
 * whole (`pick_list_full`), and a list this long is still read in a pass over stored rows.
 */
export const PICK_LINES_MAX = 2_000;

/** Why "Install the pick list here" skips a line (the renderer words it). */
export type PickProblem =
  | { kind: 'not_a_serial' }
  /** Not in the inventory saved on this computer ("did you mean" is asked with nearSerials
   * for the lines shown). */
  | { kind: 'unknown' }
  | { kind: 'installed_elsewhere'; location: LocationRefView }
  | { kind: 'installed_here' }
  | { kind: 'wrong_type'; type: string | null; expected: string }
  /** Scanned twice: `line` (from 1) is the line it repeats. */
  | { kind: 'duplicate'; line: number };

/** A line's install from the pick list, where the queue and then the activity log keep it. */
export interface PickInstall {
  intentId: string;
  locationId: string;
  /** Waiting, being sent or stopped in the queue: its item. */
  item: OutboxItem | null;
  /** Gone from the queue: the activity entry of the action, which says how it ended. */
  entry: ActivityEntry | null;
}

export interface PickLine {
  id: string;
  /** As scanned; the server's spelling when the inventory has the device. */
  serial: string;
  label: string | null;
  deviceType: string | null;
  /** null: installed with the others (or installed already: see `install`), or not checked yet. */
  problem: PickProblem | null;
  /** false until the line's first check against the inventory is made (it is not ready then). */
  checked: boolean;
  install: PickInstall | null;
  /** "Install the pick list here" installs it now: no problem, and no install on its way or
   * done (one that was refused is tried again). */
  ready: boolean;
}

export interface PickList {
  /** The visit in progress; null when none is (the list is then empty). */
  visitId: string | null;
  /** The type every line should be, once chosen; null: any type (a box may hold several). */
  expectedType: string | null;
  typeChosen: boolean;
  /** Lines wait for their first check: how many of the list's lines are checked; null: all. */
  checking: { checked: number; lines: number } | null;
  lines: PickLine[];
}

export const pickListOperations = {
  // the pick list: the serials of a box, kept with the visit in progress (decision record 59). Each
  // answers the list as stored now, checked at `locationId` (a device installed there is
  // "installed here", not "elsewhere"); without one, any installed device is elsewhere.
  pickList: op(z.object({ locationId: Id.optional() }).strict()).returns<PickList>(),
  /** Serials scanned, typed or pasted, separated by lines, commas, semicolons, tabs or spaces. */
  addToPickList: op(
    z
      .object({
        text: z.string().max(PICK_TEXT_MAX, RULE.pick_text_too_long),
        locationId: Id.optional(),
      })
      .strict(),
  ).returns<PickList>(),
  /** A line's serial (a "did you mean" taken) or label, while it is not installed. */
  changePickLine: op(
    z
      .object({
        id: Id,
        serial: Serial.optional(),
        label: Label.optional(),
        locationId: Id.optional(),
      })
      .strict(),
  ).returns<PickList>(),
  removePickLine: op(z.object({ id: Id, locationId: Id.optional() }).strict()).returns<PickList>(),
  /** Stops the check of new lines and removes those not checked yet (the paste taken back). */
  cancelPickCheck: op(z.object({ locationId: Id.optional() }).strict()).returns<PickList>(),
  /** The device type every line should be; null: any type. */
  choosePickType: op(
    z
      .object({
        deviceType: z.string().trim().min(1).max(200).nullable(),
        locationId: Id.optional(),
      })
      .strict(),
  ).returns<PickList>(),
  /** Installs each line without a problem at `locationId`, one install intent per line. */
  installPickList: op(z.object({ locationId: Id }).strict()).returns<PickList>(),
};
