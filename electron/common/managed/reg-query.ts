/**
 * Parses `reg query HKLM\Software\Policies\FieldInstaller` output (Windows Group Policy).
 * Lines look like `    ApiBaseUrl    REG_SZ    https://api.example.com/v1`; the separator is
 * four spaces. REG_DWORD values are hex (`0x1`). Other types are skipped.
 */
export const POLICY_REGISTRY_KEY = 'HKLM\\Software\\Policies\\FieldInstaller';

const LINE = /^\s{2,}(\S(?:.*?\S)?)\s{4}(REG_SZ|REG_EXPAND_SZ|REG_DWORD)\s{4}(.*?)\s*$/;

export const parseRegQuery = (output: string): Record<string, string | number> => {
  const values: Record<string, string | number> = {};
  for (const line of output.split(/\r?\n/)) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, name = '', type, data = ''] = match;
    if (type === 'REG_DWORD') {
      const number = Number.parseInt(data, 16);
      if (/^0x[0-9a-f]+$/i.test(data) && Number.isSafeInteger(number)) values[name] = number;
    } else {
      values[name] = data;
    }
  }
  return values;
};
