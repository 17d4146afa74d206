/** docs/product.md#validation, docs/product.md#constants-and-limits: an empty short code becomes 8 random characters from the 62 letters and digits. */
export const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const GENERATED_CODE_LENGTH = 8;

export function generateShortCode(length = GENERATED_CODE_LENGTH): string {
  const out: string[] = [];
  const bytes = new Uint8Array(1);
  // Rejection sampling keeps every character equally likely (248 = 4 × 62).
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    if (bytes[0] < 248) out.push(CODE_ALPHABET[bytes[0] % 62]);
  }
  return out.join('');
}
