/**
 * A sentence with one of its values in bold (`<strong>`): the message is said with MARK in
 * that value's place and split there, so each language keeps its own word order instead of
 * the sentence being glued together from English-ordered pieces.
 */
export const MARK = '\u{E000}';

/** [before, after] the marked value; a translation without it gives [sentence, '']. */
export const splitAtMark = (sentence: string): [string, string] => {
  const at = sentence.indexOf(MARK);
  return at < 0 ? [sentence, ''] : [sentence.slice(0, at), sentence.slice(at + MARK.length)];
};
