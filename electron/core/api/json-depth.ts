/**
 * How deeply a JSON text nests, checked before it is parsed. A valid answer with a field
 * nested a million levels deep parses fine but makes every later `JSON.stringify` throw (the
 * stack runs out), so an install the server applied came back "internal". No answer of this
 * API nests more than a few levels; MAX_JSON_DEPTH leaves ample room for unknown fields.
 */
const MAX_JSON_DEPTH = 64;

/** true when `text` opens more than `max` arrays/objects inside one another (one linear pass). */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
