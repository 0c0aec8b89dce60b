/**
 * Git's delta format (gitformat-pack, "Deltified representation"): the base's size and the
 * result's size as little-endian varints, then copy instructions (a range of the base) and
 * insert instructions (literal bytes). Pure; a delta that does not fit its base is refused.
 */
import { PackError } from "./errors";

/** The object a delta describes, built from its base; the result may not exceed `maxBytes`. */
export function applyDelta(base: Uint8Array, delta: Uint8Array, maxBytes: number): Uint8Array {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = delta[at++] ?? fail("A delta is cut short");
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const baseSize = varint();
  if (baseSize !== base.byteLength)
    throw new PackError(`A delta expects a base of ${baseSize} bytes, not ${base.byteLength}`);
  const size = varint();
  if (size > maxBytes)
    throw new PackError(`An object of ${size} bytes is over the limit of ${maxBytes}`);
  const out = new Uint8Array(size);
  let written = 0;
  while (at < delta.byteLength) {
    const op = delta[at++]!;
    if (op & 0x80) {
      let offset = 0;
      let length = 0;
      for (let bit = 0; bit < 4; bit++)
        if (op & (1 << bit)) offset += (delta[at++] ?? fail("A delta is cut short")) * 256 ** bit;
      for (let bit = 0; bit < 3; bit++)
        if (op & (0x10 << bit))
          length += (delta[at++] ?? fail("A delta is cut short")) * 256 ** bit;
      if (length === 0) length = 0x10000;
      if (offset + length > base.byteLength || written + length > size)
        throw new PackError("A delta copies past its base or its result");
      out.set(base.subarray(offset, offset + length), written);
      written += length;
    } else if (op) {
      if (at + op > delta.byteLength || written + op > size)
        throw new PackError("A delta inserts past its end or its result");
      out.set(delta.subarray(at, at + op), written);
      written += op;
      at += op;
    } else throw new PackError("A delta holds the reserved instruction 0");
  }
  if (written !== size) throw new PackError(`A delta builds ${written} bytes, not ${size}`);
  return out;
}

function fail(message: string): never {
  throw new PackError(message);
}
