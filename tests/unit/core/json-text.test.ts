import { describe, expect, it } from 'vitest';
import {
  JsonText,
  materialize,
  stringifyEnvelope,
  stringifyWithJsonText,
  type ByteSource,
} from '../../../electron/core/json-text';

const devices = [{ serial_number: 'FTC-1', name: 'Door "A"' }, { serial_number: 'FTC-2' }];
const cachedAnswer = () => ({
  value: JsonText.fromString<typeof devices>(JSON.stringify(devices)),
  fetchedAt: '2026-11-21T10:00:00.000Z',
  source: 'cache',
  refreshing: false,
});

/** Like a file region: hands out `size`-byte chunks through ONE reused buffer. */
const reusingSource = (bytes: Buffer, size: number): ByteSource => ({
  byteLength: bytes.length,
  async *chunks() {
    const buffer = Buffer.alloc(size);
    for (let at = 0; at < bytes.length; at += size) {
      const n = bytes.copy(buffer, 0, at, Math.min(at + size, bytes.length));
      yield buffer.subarray(0, n);
    }
  },
});

describe('JsonText carried through the core', () => {
  it('splices the text of a Cached value so the result reads as if it had been objects', async () => {
    const text = await (await stringifyWithJsonText(cachedAnswer())).text();
    expect(JSON.parse(text)).toEqual({ ...cachedAnswer(), value: devices });
    expect(text).toContain(JSON.stringify(devices));
  });

  it('keeps the spliced JSON as the very bytes it was given, and counts bytes, not characters', async () => {
    const bytes = Buffer.from('[{"name":"Tür Nord ✓"}]');
    const parts = await stringifyEnvelope({
      ok: true,
      value: { value: JsonText.fromBytes(bytes) },
    });
    const text = await parts.text();
    expect(parts.byteLength).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({ ok: true, value: { value: [{ name: 'Tür Nord ✓' }] } });
    const written: Buffer[] = [];
    await parts.writeTo(async (chunk) => void written.push(Buffer.from(chunk)));
    expect(written).toContainEqual(bytes);
  });

  it('reads a source that reuses its buffer correctly, even with characters split across chunks', async () => {
    const json = JSON.stringify([{ name: 'Tür Nord ✓ — Straße' }, { name: 'Ærø' }]);
    const bytes = Buffer.from(json);
    // 3-byte chunks cut through every multi-byte character somewhere.
    expect(await JsonText.fromSource(reusingSource(bytes, 3)).text()).toBe(json);
    expect(Buffer.concat(await JsonText.fromSource(reusingSource(bytes, 3)).pieces())).toEqual(
      bytes,
    );
    const pieces = [bytes.subarray(0, 5), bytes.subarray(5)];
    expect(await JsonText.fromChunks(pieces).pieces()).toBe(pieces);
    expect(await JsonText.fromChunks(pieces).text()).toBe(json);
    const parts = await stringifyEnvelope({
      ok: true,
      value: { value: JsonText.fromSource(reusingSource(bytes, 4)) },
    });
    const written: Buffer[] = [];
    // Copied on write, as a socket would have flushed it before the next chunk.
    await parts.writeTo(async (chunk) => void written.push(Buffer.from(chunk)));
    expect(JSON.parse(Buffer.concat(written).toString())).toEqual({
      ok: true,
      value: { value: JSON.parse(json) },
    });
  });

  it('puts an envelope value one level down and leaves failures and plain results alone', async () => {
    const ok = await (await stringifyEnvelope({ ok: true, value: cachedAnswer() })).text();
    expect(JSON.parse(ok)).toEqual({ ok: true, value: { ...cachedAnswer(), value: devices } });
    const failure = { ok: false as const, error: { kind: 'offline', message: 'x' } };
    expect(await (await stringifyEnvelope(failure)).text()).toBe(JSON.stringify(failure));
    expect(await (await stringifyEnvelope({ ok: true, value: [1, 2] })).text()).toBe(
      '{"ok":true,"value":[1,2]}',
    );
    // A handler that returns nothing: the same text JSON.stringify gives.
    expect(await (await stringifyEnvelope({ ok: true, value: undefined })).text()).toBe(
      '{"ok":true}',
    );
  });

  it('a whole result that is JsonText goes in as it is', async () => {
    const parts = await stringifyEnvelope({ ok: true, value: JsonText.fromString('[1,2,3]') });
    expect(await parts.text()).toBe('{"ok":true,"value":[1,2,3]}');
  });

  it('cannot be fooled by data that looks like its marker', async () => {
    const tricky = {
      note: 'json-text-00000000-0000-0000-0000-000000000000',
      value: JsonText.fromString('[]'),
    };
    expect(JSON.parse(await (await stringifyWithJsonText(tricky)).text())).toEqual({
      note: tricky.note,
      value: [],
    });
  });

  it('materialize parses the text back for callers that want objects', async () => {
    expect(await materialize(cachedAnswer())).toEqual({ ...cachedAnswer(), value: devices });
    expect(await materialize(JsonText.fromString<number[]>('[4]'))).toEqual([4]);
    const plain = { a: 1 };
    expect(await materialize(plain)).toBe(plain);
  });
});
