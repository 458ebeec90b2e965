/**
 * How deep a JSON request body may nest. No API body nests more than a few levels; a body nested thousands of levels
 * deep is an attack on every recursive step after parsing (validation, logging, serialising), so it is refused
 * before JSON.parse sees it.
 */
export const maxJsonDepth = 32;

/** True when `text` opens more than `limit` arrays and objects inside each other (brackets in strings do not count). */
export function jsonNestsDeeperThan(text: string, limit: number = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the next character, a quote included.
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}
