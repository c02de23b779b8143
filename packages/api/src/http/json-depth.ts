// How deep a JSON text nests, read from its bytes without parsing it (strings skipped): the check that
// runs before a parse, on the server's thread for ordinary bodies (guards.ts refuseDeepJson) and in
// the reader's worker for a Meltwater export's body (workers/meltwater-parse.ts).

/** True when the JSON bytes open more than `max` arrays or objects inside one another. */
export function jsonNestsPast(buf: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
