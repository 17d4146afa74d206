/** Filename from Content-Disposition (filename* or filename), else '<fallback>-<timestamp>.<ext>'. */
export function exportFilename(contentDisposition: string | null, ext: string, fallback: string, now = new Date()): string {
  if (contentDisposition) {
    const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(contentDisposition);
    if (star) {
      try {
        return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
      } catch {
        /* fall through */
      }
    }
    const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition);
    if (plain && plain[1].trim()) return plain[1].trim();
  }
  return `${fallback}-${now.getTime()}.${ext}`;
}

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
