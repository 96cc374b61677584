/** The text of a PDF (pdfjs-dist, Mozilla's PDF reader), for checking a printed receipt. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  // Runs of spaces from the layout are not part of what the receipt says.
  return pages.join('\n').replace(/\s+/g, ' ');
}
