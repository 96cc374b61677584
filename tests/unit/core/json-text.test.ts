import { describe, expect, it } from 'vitest';
import {
  JsonText,
  materialize,
  stringifyEnvelope,
  stringifyWithJsonText,
} from '../../../electron/core/json-text';

const devices = [{ serial_number: 'FTC-1', name: 'Door "A"' }, { serial_number: 'FTC-2' }];
const cachedAnswer = {
  value: JsonText.fromString<typeof devices>(JSON.stringify(devices)),
  fetchedAt: '2026-11-21T10:00:00.000Z',
  source: 'cache',
  refreshing: false,
};

describe('JsonText carried through the core', () => {
  it('splices the text of a Cached value so the result reads as if it had been objects', () => {
    const text = stringifyWithJsonText(cachedAnswer).toString();
    expect(JSON.parse(text)).toEqual({ ...cachedAnswer, value: devices });
    expect(text).toContain(JSON.stringify(devices));
  });

  it('keeps the spliced JSON as the very bytes it was given, and counts bytes, not characters', () => {
    const bytes = Buffer.from('[{"name":"Tür Nord ✓"}]');
    const parts = stringifyEnvelope({ ok: true, value: { value: JsonText.fromBytes(bytes) } });
    expect(parts.parts).toContain(bytes);
    expect(parts.byteLength).toBe(Buffer.byteLength(parts.toString()));
    expect(JSON.parse(parts.toString())).toEqual({
      ok: true,
      value: { value: [{ name: 'Tür Nord ✓' }] },
    });
  });

  it('puts an envelope value one level down and leaves failures and plain results alone', () => {
    const ok = stringifyEnvelope({ ok: true, value: cachedAnswer }).toString();
    expect(JSON.parse(ok)).toEqual({ ok: true, value: { ...cachedAnswer, value: devices } });
    const failure = { ok: false as const, error: { kind: 'offline', message: 'x' } };
    expect(stringifyEnvelope(failure).toString()).toBe(JSON.stringify(failure));
    expect(stringifyEnvelope({ ok: true, value: [1, 2] }).toString()).toBe(
      '{"ok":true,"value":[1,2]}',
    );
    // A handler that returns nothing: the same text JSON.stringify gives.
    expect(stringifyEnvelope({ ok: true, value: undefined }).toString()).toBe('{"ok":true}');
  });

  it('a whole result that is JsonText goes in as it is', () => {
    expect(stringifyEnvelope({ ok: true, value: JsonText.fromString('[1,2,3]') }).toString()).toBe(
      '{"ok":true,"value":[1,2,3]}',
    );
  });

  it('cannot be fooled by data that looks like its marker', () => {
    const tricky = {
      note: 'json-text-00000000-0000-0000-0000-000000000000-0',
      value: JsonText.fromString('[]'),
    };
    expect(JSON.parse(stringifyWithJsonText(tricky).toString())).toEqual({
      note: tricky.note,
      value: [],
    });
  });

  it('materialize parses the text back for callers that want objects', () => {
    expect(materialize(cachedAnswer)).toEqual({ ...cachedAnswer, value: devices });
    expect(materialize(JsonText.fromString<number[]>('[4]'))).toEqual([4]);
    const plain = { a: 1 };
    expect(materialize(plain)).toBe(plain);
  });
});
