/**
 * How a dialect spells serials, and which spelling of a request path finds a device.
 * The sandbox holds serials as seeded ("FTC-2B5H97J8"); a dialect spells them at the edge.
 */

export type SerialStyle =
  /** As held, looked up exactly (the default: the app sends the spelling it was given). */
  | 'as-held'
  /**
   * Lower-case hex of the serial's bytes ("FTC-2B5H97J8" → "4654432d3242354839374a38"),
   * looked up case-sensitively: "4654432D…" is a 404 (issue 22). Every serial starts the same
   * ("4654432d" is "FTC-"), as a vendor's serials do.
   */
  | 'lower-hex';

/** The serial as the dialect writes it. */
export const servedSerial = (style: SerialStyle, held: string): string =>
  style === 'lower-hex' ? Buffer.from(held, 'utf8').toString('hex') : held;

/** The held serial a request path names, or undefined when it names none in this spelling. */
export const heldSerial = (style: SerialStyle, served: string): string | undefined => {
  if (style === 'as-held') return served;
  if (!/^(?:[0-9a-f]{2})+$/.test(served)) return undefined;
  return Buffer.from(served, 'hex').toString('utf8');
};
