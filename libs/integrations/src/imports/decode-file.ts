import chardet from 'chardet';
import iconv from 'iconv-lite';

/** Encodings a spreadsheet saves CSV in besides UTF-8; chardet names the ISO ones for text Windows-1252 also decodes. */
const SINGLE_BYTE = /^(windows-125\d|iso-8859-\d+)$/i;

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
    const detected = chardet.detect(buf) ?? '';
    const encoding = /^iso-8859-1$/i.test(detected) || !SINGLE_BYTE.test(detected) ? 'windows-1252' : detected.toLowerCase();
    return { text: iconv.decode(buf, encoding).replace(/^\uFEFF/, ''), encoding };
  }
}
