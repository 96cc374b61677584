/** Field rules, and the input pieces several operations share. */
import { ID_MAX_LENGTH, isId, isSerial, SERIAL_MAX_LENGTH } from '../id-patterns';
import { z } from 'zod';

/**
 * Every field rule, by id. The schemas below give a rule's id as zod's message, so the core
 * finds an issue's rule by it (core/validation-error.ts) and sends the id (FieldIssue); the
 * renderer says it in the active language (lib/words/field-issues.ts, messages `rule_<id>`). The
 * `base_url_*` rules after the schemas' own are the core's checks of a typed API address
 * (core/api/base-url.ts, service/managed-lock.ts).
 */
export const FIELD_RULES = [
  'serial_empty',
  'serial_too_long',
  'serial_characters',
  'id_empty',
  'id_too_long',
  'id_characters',
  'update_interval',
  'street_required',
  'street_too_long',
  'line2_too_long',
  'city_required',
  'city_too_long',
  'region_too_long',
  'postal_code_too_long',
  'country_required',
  'country_unknown',
  'base_url_not_url',
  'base_url_too_long',
  'api_key_too_short',
  'api_key_too_long',
  'check_both_or_neither',
  'name_required',
  'name_too_long',
  'search_too_long',
  'label_too_long',
  'photo_too_large',
  'photo_not_a_photo',
  'pdf_file_name',
  'passes_required',
  'passes_whole',
  'passes_at_least_one',
  'passes_too_many',
  'reason_too_long',
  'pick_text_too_long',
  'receipt_too_many_entries',
  'length_range',
  'reason_required',
  'signature_empty',
  'base_url_empty',
  'base_url_not_address',
  'base_url_scheme',
  'base_url_http_remote',
  'base_url_credentials',
  'base_url_query',
  'base_url_fragment',
  'base_url_managed',
] as const;

export type FieldRule = (typeof FIELD_RULES)[number];

/** Each rule's id, as the message zod reports for an issue with it. */
export const RULE = Object.fromEntries(FIELD_RULES.map((rule) => [rule, rule])) as {
  readonly [K in FieldRule]: K;
};

/**
 * One field's problem, in kinds: the contract's rule when it has one, else what zod found
 * (`required`, `too_small`, …) with its numbers (`minimum`, `maximum`, `origin`, `expected`,
 * `format`, `values`, `keys`); `invalid` for a field a refusal names (the error's code says
 * why); `server` for a server's own words about a field (a 422, `params.words`, shown as they
 * came). The renderer words it.
 */
export interface FieldIssue {
  rule?: FieldRule;
  code: string;
  params?: Record<string, string | number>;
}

/**
 * A serial as typed or scanned, or as the server spells it (spaces included, never trimmed):
 * the core sends the server's own spelling of it (electron/shared/serial-key.ts; a server may
 * look serials up case-sensitively, in either case). The rule: id-patterns.ts.
 */
export const Serial = z
  .string()
  .min(1, RULE.serial_empty)
  .max(SERIAL_MAX_LENGTH, RULE.serial_too_long)
  .refine(isSerial, RULE.serial_characters);

/** Location and organization ids, exactly as the server gave them (the rule: id-patterns.ts). */
export const Id = z
  .string()
  .min(1, RULE.id_empty)
  .max(ID_MAX_LENGTH, RULE.id_too_long)
  .refine(isId, RULE.id_characters);

/** A device's label (the API's `name`). */
export const Label = z.string().trim().max(80, RULE.label_too_long);

export const IsoTime = z.iso.datetime({ offset: true });

export const Empty = z.object({}).strict();

export const Range = {
  from: IsoTime,
  to: IsoTime,
};

export const BaseUrl = z
  .string()
  .trim()
  .url(RULE.base_url_not_url)
  .max(2048, RULE.base_url_too_long);

export const ApiKey = z
  .string()
  .trim()
  .min(8, RULE.api_key_too_short)
  .max(512, RULE.api_key_too_long);
