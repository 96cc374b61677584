import type { Envelope } from '$shared';

/**
 * The preload hands over each answer as JSON text (EnvelopeText in the contract). The main
 * process always sends an envelope; text that is not one is reported like any other failure
 * instead of breaking the screen that asked.
 */
export function parseEnvelope(text: unknown): Envelope<unknown> {
  try {
    const value: unknown = typeof text === 'string' ? JSON.parse(text) : null;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as Envelope<unknown>).ok === 'boolean'
    )
      return value as Envelope<unknown>;
  } catch {
    // fall through to the failure below
  }
  return { ok: false, error: { kind: 'internal', code: 'answer_unreadable' } };
}
