/**
 * The secret sweep shared by the leak tests (tests/integration/security/hostile-server,
 * tests/integration/web/secret-leak): the spellings a key and its Basic tokens could plausibly
 * be written in, looked for in texts (answers, events, process output) and in the raw bytes of
 * every file under a data dir (databases, journals and logs included). Written out here
 * independently of the app's own scrubber, so a form the scrubber forgets is still caught.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
const bare = (b64: string) => b64.replace(/=+$/, '');
const base64url = (b64: string) => bare(b64.replace(/\+/g, '-').replace(/\//g, '_'));
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const jsonAscii = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The key as is, percent-encoded (upper and lower-case hex, form encoding), in a JSON string
 * with non-ASCII escaped, and in base64 alone; each Basic token (one per username: an
 * organization id, or '' for cross-organization calls) padded, unpadded and base64url.
 */
export function secretNeedles(key: string, usernames: readonly string[]): string[] {
  const forms = [
    key,
    encodeURIComponent(key),
    lowerHex(encodeURIComponent(key)),
    new URLSearchParams({ k: key }).toString().slice(2),
    jsonAscii(key),
    base64(key),
    bare(base64(key)),
    base64url(base64(key)),
  ];
  for (const username of ['', ...usernames]) {
    const token = base64(`${username}:${key}`);
    forms.push(token, bare(token), base64url(token), encodeURIComponent(token));
  }
  return [...new Set(forms)];
}

/** The needles a text holds. */
export const leaksIn = (text: string, needles: readonly string[]): string[] =>
  needles.filter((needle) => text.includes(needle));

/** Each needle as the bytes a file could hold it in: UTF-8, Latin-1, UTF-16LE, UTF-16BE. */
const byteForms = (needle: string): [string, Buffer][] => {
  const le = Buffer.from(needle, 'utf16le');
  const forms: [string, Buffer][] = [
    ['utf8', Buffer.from(needle, 'utf8')],
    ['utf16le', le],
    ['utf16be', Buffer.from(le).swap16()],
  ];
  // Latin-1 cannot hold characters above U+00FF; Buffer.from would truncate them.
  if ([...needle].every((c) => c.charCodeAt(0) <= 0xff))
    forms.push(['latin1', Buffer.from(needle, 'latin1')]);
  return forms;
};

export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Every needle found in the raw bytes of every file under dir, as "file: needle (encoding)".
 * Buffer.includes finds a UTF-16 needle at any byte offset (decoding the file as UTF-16 would
 * miss one that starts at an odd offset).
 */
export async function leaksInDir(dir: string, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const forms = needles.flatMap((needle) =>
    byteForms(needle).map(([encoding, bytes]) => ({ needle, encoding, bytes })),
  );
  for (const file of await filesUnder(dir)) {
    const content = await readFile(file);
    for (const { needle, encoding, bytes } of forms)
      if (content.includes(bytes)) found.push(`${file}: ${needle} (${encoding})`);
  }
  return found;
}
