import { describe, expect, it } from 'vitest';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { parseEnvelope } from '../../../renderer/src/lib/transport/parse-envelope';

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
      const answer = parseEnvelope(text);
      expect(answer).toMatchObject({ ok: false, error: { kind: 'internal' } });
      if (answer.ok) return;
      expect(errorWords(answer.error).message).toContain('could not read');
    },
  );
});
