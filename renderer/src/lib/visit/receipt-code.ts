/**
 * What a printed receipt's barcode says (Code 39, which every wedge scanner reads out of the
 * box): "FIR", the first 12 hexadecimal digits of its visit's id and the first 32 of its final
 * hash (128 bits, as the typed check takes 16 or more). Fixed lengths and only capitals and
 * digits, so a scan is read back whatever keyboard layout mangles around it, and the symbol
 * stays wide enough to scan from an A4 print.
 */
export interface ReceiptCode {
  visitPrefix: string;
  hash: string;
}

const PREFIX = 'FIR';

/** The code's text, as printed under its bars and carried by an address. */
export const codeText = ({ visitPrefix, hash }: ReceiptCode): string =>
  `${PREFIX}${visitPrefix}${hash}`.toUpperCase();

export const receiptCode = (visitId: string, finalHash: string): string =>
  codeText({
    visitPrefix: visitId.replace(/^v-/, '').replaceAll('-', '').slice(0, 12),
    hash: finalHash.slice(0, 32),
  });

const READ = /FIR([0-9A-F]{12})([0-9A-F]{32})$/;

/** The visit and hash a scan carries, or null when it is not a receipt's barcode. */
export const readReceiptCode = (raw: string): ReceiptCode | null => {
  const found = READ.exec(raw.toUpperCase().replace(/[^0-9A-Z]/g, ''));
  return found ? { visitPrefix: found[1]!.toLowerCase(), hash: found[2]!.toLowerCase() } : null;
};

/** As an address carries it (`#/activity?check=…`): the code itself, checked the same way. */
export const isReceiptCode = (text: string): boolean => /^FIR[0-9A-F]{44}$/.test(text);
