/**
 * Firefox-like GUIDs: 12 characters from the URL-safe base64 alphabet, as Places generates them.
 * Deterministic (seeded) so a failing test shows the same ids on every run.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export const GUID_PATTERN = /^[a-zA-Z0-9\-_]{12}$/;

export function createGuidGenerator(seed = 0x5eed): () => string {
  let state = seed >>> 0;
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => {
    let id = '';
    for (let i = 0; i < 12; i++) id += ALPHABET[Math.floor(next() * 64)];
    return id;
  };
}
