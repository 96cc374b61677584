/**
 * A serial goes to the server exactly as the server spells it (decision record 34: a server that looks
 * serials up case-sensitively answered 404 to everything the app upper-cased). A typed or
 * scanned serial is first matched against the cached devices ignoring case and separators
 * (store/serial-lookup.ts) and the server's own spelling is used; only a device not known here
 * is asked for as typed, then — on 404 — in its other case.
 */
import { otherCase } from '../../shared/serial-key';
import { AppError } from '../app-error';
import { guarded } from '../db/storage-error';
import type { ServiceContext } from './context';

/** The server's spelling of a typed serial when the device is cached; else as typed. */
export function serverSpelling(ctx: ServiceContext, typed: string): string {
  const scope = ctx.current();
  if (!scope) return typed;
  return guarded(() => scope.store.cache.serials.spelling(typed)) ?? typed;
}

const notFound = (error: unknown): boolean =>
  error instanceof AppError && error.kind === 'not_found';

/**
 * A read of one device (or its foot traffic) by a serial the app may not know: as given,
 * then in its other case. Both unknown: the first answer, about the serial as given.
 * Reads only — a write goes to the spelling a read returned.
 */
export async function readEitherCase<T>(
  serial: string,
  read: (spelling: string) => Promise<T>,
): Promise<T> {
  try {
    return await read(serial);
  } catch (error) {
    const other = otherCase(serial);
    if (!notFound(error) || other === serial) throw error;
    try {
      return await read(other);
    } catch (second) {
      throw notFound(second) ? error : second;
    }
  }
}
