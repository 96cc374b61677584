/**
 * How a dialect writes one resource and "nothing": the envelope of a single device, location
 * or organization (on reads; writes have their own styles in writes.ts), a device that is not
 * installed, and a time that never happened. Real servers differ here by the language they are
 * written in: Go writes zero values, Rails wraps a resource in its name.
 */
import type { Device } from '../../core/api/wire';

export type SingleStyle =
  /** {data: resource} (the default). */
  | 'data'
  /** The resource itself. */
  | 'bare'
  /** {device | location | organization: resource}. */
  | 'named-root';

export type NotInstalledStyle =
  /** location: null (the default). */
  | 'null'
  /** location: {id: "", name: ""} (a Go struct's zero value). */
  | 'zero-value'
  /** No `location` field; `installed: true | false` on every device. */
  | 'omitted-flag';

export type NeverStyle =
  /** null (the default). */
  | 'null'
  /** "0001-01-01T00:00:00Z" (Go's zero time.Time). */
  | 'go-zero'
  /** "". */
  | 'empty-string';

export type ResourceRoot = 'device' | 'location' | 'organization';

export const singleBody = (style: SingleStyle, root: ResourceRoot, resource: unknown): unknown => {
  switch (style) {
    case 'data':
      return { data: resource };
    case 'bare':
      return resource;
    case 'named-root':
      return { [root]: resource };
  }
};

const NEVER: Record<NeverStyle, string | null> = {
  null: null,
  'go-zero': '0001-01-01T00:00:00Z',
  'empty-string': '',
};

/** A device (the default's JSON) with "not installed" and "never" in the dialect's spelling. */
export const spellNothing = (
  json: Device,
  notInstalled: NotInstalledStyle,
  never: NeverStyle,
): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...json };
  if (never !== 'null')
    for (const field of ['last_checkin_at', 'installed_at'] as const)
      if (json[field] === null) out[field] = NEVER[never];
  const installed = json.location !== null && json.location !== undefined;
  if (notInstalled === 'zero-value' && !installed) out.location = { id: '', name: '' };
  if (notInstalled === 'omitted-flag') {
    if (!installed) delete out.location;
    out.installed = installed;
  }
  return out;
};
