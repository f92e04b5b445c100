/** Tests' writer of Firefox's `.jsonlz4` framing around an LZ4 block made by lz4js (or a literals-only block). */
import { compressBlock } from 'lz4js';

export function lz4Block(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length + Math.ceil(data.length / 255) + 16);
  const n = compressBlock(data, out, 0, data.length, new Uint32Array(1 << 16));
  if (n > 0) return out.slice(0, n);
  // lz4js writes nothing for data without a match: one sequence of literals only.
  const block: number[] = [];
  if (data.length >= 15) {
    block.push(0xf0);
    let rest = data.length - 15;
    for (; rest >= 255; rest -= 255) block.push(255);
    block.push(rest);
  } else block.push(data.length << 4);
  return Uint8Array.from([...block, ...data]);
}

export function mozLz4(data: Uint8Array | string, declared?: number): Uint8Array<ArrayBuffer> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const block = lz4Block(bytes);
  const out = new Uint8Array(12 + block.length);
  out.set(new TextEncoder().encode('mozLz40\0'));
  new DataView(out.buffer).setUint32(8, declared ?? bytes.length, true);
  out.set(block, 12);
  return out;
}
