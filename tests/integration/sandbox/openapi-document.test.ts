import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { openapiDoc } from './openapi-check';

const SPEC_ENDPOINTS = [
  'GET /organizations',
  'GET /organizations/{org_id}',
  'GET /locations',
  'GET /locations/{location_id}',
  'GET /locations/{loc_id}/devices',
  'POST /locations',
  'DELETE /locations/{location_id}',
  'GET /devices',
  'GET /devices/{serial_number}',
  'PUT /devices/{serial_number}',
  'POST /devices/{serial_number}/install',
  'POST /devices/{serial_number}/uninstall',
  'GET /uninstalled-devices',
  'GET /foot-traffic/locations',
  'GET /foot-traffic/devices/{serial_number}',
];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every `properties` entry anywhere in the document, with a readable location. */
const allProperties = (node: unknown, at: string, out: [string, Node][] = []): [string, Node][] => {
  if (Array.isArray(node)) node.forEach((n, i) => allProperties(n, `${at}[${i}]`, out));
  if (!isNode(node)) return out;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isNode(value)) {
      for (const [name, prop] of Object.entries(value))
        if (isNode(prop)) out.push([`${at}.properties.${name}`, prop]);
    }
    allProperties(value, `${at}.${key}`, out);
  }
  return out;
};

const sourced = (where: string, n: Node): string[] => {
  const problems: string[] = [];
  if (n['x-source'] !== 'spec' && n['x-source'] !== 'assumed')
    problems.push(`${where}: x-source missing or not spec|assumed`);
  if (
    n['x-source'] === 'assumed' &&
    (typeof n['x-assumption'] !== 'string' || n['x-assumption'].trim() === '')
  ) {
    problems.push(`${where}: assumed without x-assumption`);
  }
  return problems;
};

describe('docs/api/openapi.yaml', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(openapiDoc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('lists exactly the 15 endpoints of the spec', () => {
    const ops = Object.entries(openapiDoc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => METHODS.includes(k))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(ops.sort()).toEqual([...SPEC_ENDPOINTS].sort());
  });

  test('every operation says whether it comes from the spec or is assumed', () => {
    const problems = Object.entries(openapiDoc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => METHODS.includes(m))
        .flatMap(([m, op]) => sourced(`${m.toUpperCase()} ${path}`, op as unknown as Node)),
    );
    expect(problems).toEqual([]);
  });

  test('every schema property anywhere carries x-source, and assumed ones an x-assumption', () => {
    const props = allProperties(openapiDoc, '#');
    expect(props.length).toBeGreaterThan(60);
    expect(props.flatMap(([where, p]) => sourced(where, p))).toEqual([]);
  });

  test('the named schemas exist and Device keeps the spec field names and types', () => {
    const schemas = openapiDoc.components.schemas as Record<string, Node>;
    for (const name of [
      'Organization',
      'Location',
      'Address',
      'Device',
      'LocationMetric',
      'FootTraffic',
      'ErrorBody',
      'PageMeta',
    ]) {
      expect(schemas[name], name).toBeDefined();
    }
    const device = schemas.Device?.properties as Record<string, Node>;
    for (const f of [
      'serial_number',
      'device_type_name',
      'board_id',
      'firmware_version_name',
      'last_checkin_at',
      'update_interval_s',
      'location',
    ]) {
      expect(device[f]?.['x-source'], f).toBe('spec');
    }
    expect(device.update_interval_s?.type).toBe('integer');
    expect(device.installed_at?.['x-source']).toBe('assumed');
    expect(device.name?.['x-source']).toBe('assumed');
  });
});
