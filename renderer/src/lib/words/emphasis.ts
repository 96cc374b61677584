/**
 * A catalog sentence with some of its values in bold ("Move it to **Berlin Mitte**?"). The
 * message is written whole, so each language places the values where its grammar wants them;
 * the emphasised values go in as markers and come back out as parts the markup wraps in
 * <strong>. Pure, so a translation that drops a value shows here, not as a missing word.
 */
export interface TextPart {
  text: string;
  strong: boolean;
}

// Private-use characters: never in a translation, a store name or a serial.
const OPEN = '\uE000';
const CLOSE = '\uE001';

export const emphasised = <P extends Record<string, string>>(
  message: (params: P) => string,
  params: P,
  strong: readonly (keyof P & string)[],
): TextPart[] => {
  const marked = { ...params };
  for (const key of strong)
    (marked as Record<string, string>)[key] = `${OPEN}${params[key]}${CLOSE}`;
  const parts: TextPart[] = [];
  for (const piece of message(marked).split(OPEN)) {
    const end = piece.indexOf(CLOSE);
    if (end === -1) {
      if (piece !== '') parts.push({ text: piece, strong: false });
      continue;
    }
    parts.push({ text: piece.slice(0, end), strong: true });
    if (end + 1 < piece.length) parts.push({ text: piece.slice(end + 1), strong: false });
  }
  return parts;
};
