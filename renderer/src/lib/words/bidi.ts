/**
 * A person's or a server's text inside a sentence, isolated for direction (FIRST STRONG
 * ISOLATE … POP DIRECTIONAL ISOLATE): a right-to-left override in a printed name, a note or a
 * store's name then turns only itself, never the words around it. Elements use <bdi> instead;
 * this is for text put inside a message. The CSV removes these (csv.ts `cellText`).
 */
const FSI = '\u2068';
const PDI = '\u2069';
/** Isolates and overrides left open inside the text are closed by its own PDI at the latest. */
export const isolated = (text: string): string => `${FSI}${text}${PDI}`;
