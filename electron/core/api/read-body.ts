/**
 * Reads a response body as text without trusting the server about its size: Content-Length
 * may be absent or wrong, so the stream is counted as it arrives and cancelled once over the
 * cap. The abort signal is raced explicitly because not every fetch implementation rejects a
 * pending read when the request is aborted mid-body (a stalled body must still time out).
 */

export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`response body exceeds ${maxBytes} bytes`);
    this.name = 'BodyTooLarge';
  }
}

export const readBodyCapped = async (
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<string> => {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(maxBytes);
  }
  if (response.body === null) return '';

  const reader = response.body.getReader();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);

  const decoder = new TextDecoder('utf-8');
  let text = '';
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw new BodyTooLarge(maxBytes);
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
};
