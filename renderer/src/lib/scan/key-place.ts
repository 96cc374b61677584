/**
 * Where a keystroke lands, as the scanner listener sees it. A field that wants free text
 * (a search, a name, a country, a reason, a setting, contenteditable) keeps every key typed
 * into it at any speed: fast typists, text expanders and remote-desktop "type clipboard" all
 * type quicker than the scanner rule's threshold. Scans are taken only in a serial-number
 * field (marked with SERIAL_FIELD) and where no text is being typed (the page, buttons,
 * links, checkboxes, selects, read-only text).
 */
export type KeyPlace = 'free-text' | 'serial' | 'other';

/** Spread on a serial-number input (`<Field {...SERIAL_FIELD} …>`): a scan there is a scan. */
export const SERIAL_FIELD = { 'data-serial-field': '' } as const;

/** Input types that take no typed text. */
const NOT_TYPED = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** An enabled, writable text field: what typing (and a given-back key) can go into. */
export const isTextField = (
  target: EventTarget | null,
): target is HTMLInputElement | HTMLTextAreaElement =>
  ((target instanceof HTMLInputElement && !NOT_TYPED.has(target.type)) ||
    target instanceof HTMLTextAreaElement) &&
  !target.disabled &&
  !target.readOnly;

export function keyPlace(target: EventTarget | null): KeyPlace {
  if (isTextField(target))
    return target instanceof HTMLInputElement && target.dataset.serialField !== undefined
      ? 'serial'
      : 'free-text';
  if (target instanceof HTMLElement && target.isContentEditable) return 'free-text';
  return 'other';
}
