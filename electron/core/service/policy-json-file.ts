/**
 * Reads a JSON file a managed setting names (the mounting checklists, the silent-device
 * guide): its size bounded, then parsed. What went wrong is a token (the OS error's code,
 * `too_large`, `not_json`), never a throw: the caller names the file and keeps its defaults.
 */
import { readFileSync, statSync } from 'node:fs';

/** These files are a few kilobytes; anything far larger is not one. */
const MAX_FILE_BYTES = 256 * 1024;

const firstLine = (error: unknown): string =>
  (error instanceof Error && 'code' in error ? String(error.code) : 'unreadable').slice(0, 40);

export const readPolicyJson = (
  file: string,
): { raw: unknown } | { unreadable: string } | { notJson: true } => {
  let text: string;
  try {
    if (statSync(file).size > MAX_FILE_BYTES) return { unreadable: 'too_large' };
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { unreadable: firstLine(error) };
  }
  try {
    return { raw: JSON.parse(text) as unknown };
  } catch {
    return { notJson: true };
  }
};
