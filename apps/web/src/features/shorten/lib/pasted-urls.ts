import { BULK_CREATE_MAX } from '@app/contracts';

/** The URLs of a pasted block: one per line, blank lines skipped, each trimmed; each keeps its line number. */
export function pastedUrls(text: string): { url: string; line: number }[] {
  return text
    .split(/\r?\n/)
    .map((raw, i) => ({ url: raw.trim(), line: i + 1 }))
    .filter((l) => l.url !== '');
}

export const tooMany = (count: number) => (count > BULK_CREATE_MAX ? `Paste at most ${BULK_CREATE_MAX} URLs at a time (${count} pasted).` : null);
