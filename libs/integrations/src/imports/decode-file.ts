import chardet from 'chardet';
import iconv from 'iconv-lite';

/** Encodings a spreadsheet saves CSV in besides UTF-8; chardet names the ISO ones for text Windows-1252 also decodes. */
const SINGLE_BYTE = /^(windows-125\d|iso-8859-\d+)$/i;
const WESTERN = /^(windows-1252|iso-8859-1)$/i;
/**
 * How close (in chardet's confidence points) Windows-1252 must come to the top guess to be chosen anyway: on a short
 * Western text chardet often ranks Windows-1250 a few points above it (measured: 25 vs 22 for a French line), and
 * Excel's CSV in Western locales is by far the common case. Text only 1250 decodes (Polish ł, ś, ź) never lists 1252.
 */
const WESTERN_MARGIN = 10;

/**
 * An uploaded file's bytes → text. UTF-8 (with or without a BOM) when the bytes are valid UTF-8; otherwise the
 * encoding chardet 2 detects among the single-byte ones (a spreadsheet saved as "CSV" by Excel on Windows is
 * Windows-1252; chardet's ISO-8859-1 is read as Windows-1252, its superset), decoded by iconv-lite. `encoding` is what
 * was used, so the import can say so.
 */
export function decodeFile(bytes: Uint8Array): { text: string; encoding: string } {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'UTF-8' };
  } catch {
    const guesses = chardet.analyse(buf).filter((g) => SINGLE_BYTE.test(g.name));
    const top = guesses[0];
    const western = guesses.find((g) => WESTERN.test(g.name));
    const encoding =
      !top || WESTERN.test(top.name) || (western && top.confidence - western.confidence <= WESTERN_MARGIN) ? 'windows-1252' : top.name.toLowerCase();
    return { text: iconv.decode(buf, encoding).replace(/^\uFEFF/, ''), encoding };
  }
}
