/**
 * Every operation, by name: main registers exactly these handlers, the preload exposes exactly
 * these names, the browser-mode bridge serves exactly these routes, and the core checks each
 * input with its schema. Adding an operation = one entry in its domain's file + one service
 * function.
 */
import type { z } from 'zod';
import { appOperations } from './app';
import { auditOperations } from './audit';
import { connectionOperations } from './connection';
import { deviceOperations } from './devices';
import { errorOperations } from './errors';
import type { PushEvent } from './events';
import { locationOperations } from './locations';
import { managedOperations } from './managed';
import type { Operation } from './operation';
import { outboxOperations } from './outbox';
import { pickListOperations } from './pick-list';
import { qualityOperations } from './quality';
import { sessionOperations } from './session';
import { silentCheckOperations } from './silent-check';
import { verificationOperations } from './verification';
import { visitOperations } from './visits';

export const operations = {
  ...sessionOperations,
  ...appOperations,
  ...errorOperations,
  ...connectionOperations,
  ...managedOperations,
  ...locationOperations,
  ...deviceOperations,
  ...pickListOperations,
  ...outboxOperations,
  ...visitOperations,
  ...verificationOperations,
  ...qualityOperations,
  ...auditOperations,
  ...silentCheckOperations,
} satisfies Record<string, Operation<z.ZodType, unknown>>;

export type OperationName = keyof typeof operations;
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];
export type OperationInput<K extends OperationName> = z.input<(typeof operations)[K]['input']>;
export type ParsedInput<K extends OperationName> = z.output<(typeof operations)[K]['input']>;
export type OperationResult<K extends OperationName> =
  (typeof operations)[K] extends Operation<z.ZodType, infer Result> ? Result : never;

/**
 * An envelope as JSON text; T is what it decodes to. Operations cross IPC as text: a string
 * passes Electron's IPC and context bridge without the deep copy an object graph gets, which
 * matters for 100,000-device lists, and the core has those as text already.
 */
type EnvelopeText<T> = string & { readonly envelopeOf?: T };

/** The API the renderer sees: one named async function per operation plus events. */
export type InstallerApi = {
  [K in OperationName]: (input: OperationInput<K>) => Promise<EnvelopeText<OperationResult<K>>>;
} & {
  onEvent: (listener: (event: PushEvent) => void) => () => void;
};

/** Channel names are derived, never accepted from the renderer. */
export const channelFor = (name: OperationName): string => `installer:${name}`;
export const EVENT_CHANNEL = 'installer:event';
