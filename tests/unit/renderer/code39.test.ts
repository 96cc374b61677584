/**
 * The audit sheet's barcodes decode as what they say, read by zxing-wasm's reader (the
 * decoder the camera scanner uses) from the bars drawn as pixels.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { AUDIT_SCAN_CODES, auditScanDirection } from '../../../renderer/src/lib/visit/audit-scan';
import { code39 } from '../../../renderer/src/lib/visit/code39';

const require = createRequire(import.meta.url);

const pixels = (text: string, scale = 3, height = 60) => {
  const { bars, width } = code39(text);
  const w = width * scale;
  const data = new Uint8ClampedArray(w * height * 4).fill(255);
  for (const bar of bars)
    for (let y = 0; y < height; y++)
      for (let x = bar.x * scale; x < (bar.x + bar.width) * scale; x++) {
        const i = (y * w + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
  return { data, width: w, height, colorSpace: 'srgb' as const };
};

describe('Code 39 for the audit sheet', () => {
  it('draws symbols the decoder reads back as the same text', async () => {
    const bytes = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({
      overrides: {
        wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      },
    });
    for (const text of [...Object.values(AUDIT_SCAN_CODES), 'FTC-0123456789 XYZ.']) {
      const [found] = await readBarcodes(pixels(text) as unknown as ImageData, {
        formats: ['Code39'],
        tryHarder: true,
      });
      expect(found?.text, text).toBe(text);
    }
  });
  it('refuses a character Code 39 cannot carry', () => {
    expect(() => code39('in#1')).toThrow('Code 39 has no "i"');
  });
});

describe('a scan of the audit sheet', () => {
  it('counts its direction whatever the case and the layout made of "-", also after a key typed just before', () => {
    expect(auditScanDirection('AUDIT-IN')).toBe('in');
    expect(auditScanDirection('audit?out')).toBe('out');
    expect(auditScanDirection('iAUDIT-OUT')).toBe('out');
    expect(auditScanDirection('FTC-2B5H97J8')).toBeNull();
    expect(auditScanDirection('AUDIT-INX')).toBeNull();
  });
});
