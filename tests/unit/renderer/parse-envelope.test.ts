import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '../../../renderer/src/lib/parse-envelope';

describe('parseEnvelope (answers from the preload arrive as text)', () => {
  it('reads an envelope', () => {
    expect(parseEnvelope('{"ok":true,"value":{"value":[1,2]}}')).toEqual({
      ok: true,
      value: { value: [1, 2] },
    });
    expect(parseEnvelope('{"ok":false,"error":{"kind":"offline"}}')).toMatchObject({ ok: false });
  });

  it.each([['not json {'], ['[1,2]'], ['{"value":1}'], ['null'], [42], [undefined]])(
    'turns %j into a failure the screen can show',
    (text) => {
      expect(parseEnvelope(text)).toMatchObject({
        ok: false,
        error: { kind: 'internal', message: expect.stringContaining('could not read') },
      });
    },
  );
});
