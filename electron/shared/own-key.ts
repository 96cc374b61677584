/**
 * A value an object holds itself under `key` — never one its prototype has: a key spelled by a
 * server or a person ("constructor", "toString", "__proto__") is data like any other. Objects
 * that come from outside (an error's fields, a JSON answer) are read through this; lookups of
 * our own that outside text keys use a Map (tests/unit/dev/own-keys.test.ts finds the others).
 */
export const ownValue = <T>(
  record: Readonly<Record<string, T>> | null | undefined,
  key: string,
): T | undefined => (record && Object.hasOwn(record, key) ? record[key] : undefined);
