/**
 * Reads a JSON file a managed setting names (the mounting checklists, the silent-device
 * guide): opened without blocking, a regular file only, read to its limit plus one byte
 * (common/outside-file.ts: a FIFO or /dev/zero never holds the core), then parsed. What went
 * wrong is a token (`not_a_file`, `too_large`, the OS error's code, `notJson`), never a throw:
 * the caller names the file and keeps its defaults.
 */
import { OutsideFileError, readOutsideText } from '../../common/outside-file';

/** These files are a few kilobytes; anything far larger is not one. */
const MAX_FILE_BYTES = 256 * 1024;

export const readPolicyJson = async (
  file: string,
): Promise<{ raw: unknown } | { unreadable: string } | { notJson: true }> => {
  let text: string;
  try {
    text = await readOutsideText(file, MAX_FILE_BYTES);
  } catch (error) {
    return { unreadable: error instanceof OutsideFileError ? error.problem : 'unreadable' };
  }
  try {
    return { raw: JSON.parse(text) as unknown };
  } catch {
    return { notJson: true };
  }
};
