/**
 * Firefox-like GUIDs: 12 characters from the URL-safe base64 alphabet, as Places generates them.
 * Deterministic (seeded) so a failing test shows the same ids on every run.
 */
import { createRng } from '../../scripts/prng.mjs';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export const GUID_PATTERN = /^[a-zA-Z0-9\-_]{12}$/;

export function createGuidGenerator(seed = 0x5eed): () => string {
  const { below } = createRng(seed);
  return () => {
    let id = '';
    for (let i = 0; i < 12; i++) id += ALPHABET[below(64)];
    return id;
  };
}
