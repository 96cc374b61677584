/**
 * What the audit sheet's barcodes say, and how a scan is read as a count: the handheld scanner
 * types the text (wedge), so case, the keyboard layout's "-" and spaces are not trusted.
 */
import type { Direction } from '$shared';

export const AUDIT_SCAN_CODES: Readonly<Record<Direction, string>> = {
  in: 'AUDIT-IN',
  out: 'AUDIT-OUT',
};

const key = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The direction a scan counts, or null when it is not one of the sheet's barcodes. A key
 * pressed just before the scan (I for In, a moment earlier) runs into its burst, so the code
 * is looked for at the end of what was read.
 */
export const auditScanDirection = (raw: string): Direction | null => {
  const read = key(raw);
  if (read.endsWith(key(AUDIT_SCAN_CODES.in))) return 'in';
  if (read.endsWith(key(AUDIT_SCAN_CODES.out))) return 'out';
  return null;
};
