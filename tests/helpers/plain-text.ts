/** Text without the direction isolates the renderer puts around names and notes (words/bidi.ts). */
export const plain = (text: string): string => text.replace(/[\u2068\u2069]/g, '');
