import { describe, expect, it } from 'vitest';
import {
  JsonText,
  materialize,
  stringifyEnvelope,
  stringifyWithJsonText,
} from '../../../electron/core/json-text';

const devices = [{ serial_number: 'FTC-1', name: 'Door "A"' }, { serial_number: 'FTC-2' }];
const cachedAnswer = {
  value: new JsonText<typeof devices>(JSON.stringify(devices)),
  fetchedAt: '2026-11-21T10:00:00.000Z',
  source: 'cache',
  refreshing: false,
};

describe('JsonText carried through the core', () => {
  it('splices the text of a Cached value so the result reads as if it had been objects', () => {
    const text = stringifyWithJsonText(cachedAnswer);
    expect(JSON.parse(text)).toEqual({ ...cachedAnswer, value: devices });
    expect(text).toContain(JSON.stringify(devices));
  });

  it('puts an envelope value one level down and leaves failures and plain results alone', () => {
    const ok = stringifyEnvelope({ ok: true, value: cachedAnswer });
    expect(JSON.parse(ok)).toEqual({ ok: true, value: { ...cachedAnswer, value: devices } });
    const failure = { ok: false as const, error: { kind: 'offline', message: 'x' } };
    expect(stringifyEnvelope(failure)).toBe(JSON.stringify(failure));
    expect(stringifyEnvelope({ ok: true, value: [1, 2] })).toBe('{"ok":true,"value":[1,2]}');
    // A handler that returns nothing: the same text JSON.stringify gives.
    expect(stringifyEnvelope({ ok: true, value: undefined })).toBe('{"ok":true}');
  });

  it('a whole result that is JsonText goes in as it is', () => {
    expect(stringifyEnvelope({ ok: true, value: new JsonText('[1,2,3]') })).toBe(
      '{"ok":true,"value":[1,2,3]}',
    );
  });

  it('cannot be fooled by data that looks like its marker', () => {
    const tricky = {
      note: 'json-text-00000000-0000-0000-0000-000000000000-0',
      value: new JsonText('[]'),
    };
    expect(JSON.parse(stringifyWithJsonText(tricky))).toEqual({ note: tricky.note, value: [] });
  });

  it('materialize parses the text back for callers that want objects', () => {
    expect(materialize(cachedAnswer)).toEqual({ ...cachedAnswer, value: devices });
    expect(materialize(new JsonText<number[]>('[4]'))).toEqual([4]);
    const plain = { a: 1 };
    expect(materialize(plain)).toBe(plain);
  });
});
