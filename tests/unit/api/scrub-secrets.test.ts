/**
 * The scrubber (electron/core/api/scrub-secrets.ts) against a key with every character that
 * changes under an encoding ('+', '/', '=', space, '~', a non-ASCII letter) and a Basic token
 * that ends in '==': each spelling an echoing server or gateway could send back is removed.
 * The forms here are written out independently of the scrubber's own list. The HTTP layer
 * scrubs the headers it keeps (Link, Location) as it scrubs the body.
 */
import { describe, expect, it } from 'vitest';
import { createHttp } from '../../../electron/core/api/http';
import { SCRUBBED, scrubSecrets, secretForms } from '../../../electron/core/api/scrub-secrets';

const KEY = 'k+y/a=b c~1é';
const ORG = 'org_a';
const TOKEN = Buffer.from(`${ORG}:${KEY}`, 'utf8').toString('base64');
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const url = (b64text: string) => b64text.replace(/\+/g, '-').replace(/\//g, '_');
const bare = (b64text: string) => b64text.replace(/=+$/, '');
const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
const escapeAll = (text: string) =>
  [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

const FORMS: Record<string, string> = {
  'the key': KEY,
  'the token': TOKEN,
  'the token unpadded': bare(TOKEN),
  'the token base64url': url(TOKEN),
  'the token base64url unpadded': bare(url(TOKEN)),
  'the token URL-encoded': encodeURIComponent(TOKEN),
  'the token URL-encoded, lower-case hex': lowerHex(encodeURIComponent(TOKEN)),
  'the key in base64': b64(KEY),
  'the key in base64, unpadded': bare(b64(KEY)),
  'the key in base64url': bare(url(b64(KEY))),
  'the token without organization': bare(b64(`:${KEY}`)),
  'the key URL-encoded': encodeURIComponent(KEY),
  'the key URL-encoded, lower-case hex': lowerHex(encodeURIComponent(KEY)),
  'the key form-encoded': new URLSearchParams({ k: KEY }).toString().slice(2),
  'the key in a path (encodeURI)': encodeURI(KEY),
  'the key in JSON with non-ASCII escaped': 'k+y/a=b c~1\\u00e9',
  'the key in JSON with non-ASCII escaped upper-case': 'k+y/a=b c~1\\u00E9',
  'the key in JSON with "/" escaped': 'k+y\\/a=b c~1é',
  'the key in JSON with every character escaped': escapeAll(KEY),
  'the key in JSON with every character escaped upper-case': escapeAll(KEY).replace(
    /\\u([0-9a-f]{4})/g,
    (_, h: string) => `\\u${h.toUpperCase()}`,
  ),
  'the key as UTF-16LE bytes': Buffer.from(KEY, 'utf16le').toString('latin1'),
  'the key as UTF-16BE bytes': Buffer.from(KEY, 'utf16le').swap16().toString('latin1'),
};

describe('scrubSecrets', () => {
  const forms = secretForms([KEY, TOKEN]);

  it('the test token ends in "==" (so padding matters)', () => {
    expect(TOKEN.endsWith('==')).toBe(true);
  });

  for (const [name, form] of Object.entries(FORMS)) {
    it(`removes ${name}`, () => {
      const answer = {
        data: { name: `before ${form} after`, [`key ${form}`]: [`Basic ${form}`] },
      };
      const clean = scrubSecrets(answer, forms) as { data: Record<string, unknown> };
      const strings = Object.entries(clean.data).flat(2).map(String);
      expect(strings.filter((text) => text.includes(form))).toEqual([]);
      expect(clean.data['name']).toBe(`before ${SCRUBBED} after`);
    });
  }

  it('leaves a clean answer as it was', () => {
    const answer = { data: [{ id: 'loc_1', name: 'Store 1', tags: ['a', 'b'] }] };
    expect(scrubSecrets(structuredClone(answer), forms)).toEqual(answer);
  });
});

describe('the HTTP layer', () => {
  it('scrubs the Link and Location headers it hands on (a stored next-page URL, a created id)', async () => {
    const echo = `Basic ${TOKEN} ${encodeURIComponent(KEY)} ${bare(url(TOKEN))}`;
    const http = createHttp({
      fetch: () =>
        Promise.resolve(
          new Response('{"data":[]}', {
            status: 200,
            headers: {
              'content-type': 'application/json',
              link: `<https://api.example.com/v1/locations?page=2&t=${encodeURIComponent(echo)}>; rel="next"; title="${echo}"`,
              location: `/v1/locations/loc_${bare(url(TOKEN))}?auth=${TOKEN}`,
            },
          }),
        ),
      timeoutMs: 5_000,
      maxRetries: 0,
      maxBodyBytes: 1_000_000,
      sleep: () => Promise.resolve(),
      random: () => 0,
      now: () => Date.now(),
    });
    const answer = await http.send({
      method: 'GET',
      url: 'https://api.example.com/v1/locations',
      authorization: `Basic ${TOKEN}`,
      secrets: [KEY, TOKEN],
      subject: { kind: 'list' },
    });
    for (const header of [answer.link ?? '', answer.location ?? '']) {
      expect(header).toContain(SCRUBBED);
      expect(Object.values(FORMS).filter((form) => header.includes(form))).toEqual([]);
    }
  });
});
