const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A short random id for records (not for game randomness, which is seeded). */
export function newId(length = 12): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}
