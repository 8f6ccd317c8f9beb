// The YAML 1.2 core schema's reading of plain scalars, shared by the fast reader (which resolves what it
// reads) and the fast writer (which quotes a string that would read back as something else).

/**
 * A plain scalar's value under the YAML 1.2 core schema, in the yaml package's tag order. The first
 * character tells which tags can match at all: null (nothing, `~`, n, N), booleans (t, T, f, F),
 * numbers (digits, sign, `.`); anything else is a string.
 */
export function resolvePlainScalar(text: string): unknown {
  const c = text.charCodeAt(0);
  if (c === 110 || c === 78 || c === 126 || text === '') {
    return /^(?:~|[Nn]ull|NULL)?$/.test(text) ? null : text;
  }
  if (c === 116 || c === 84 || c === 102 || c === 70) {
    return /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(text) ? c === 116 || c === 84 : text;
  }
  if (!((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46)) return text;
  if (/^0o[0-7]+$/.test(text)) return parseInt(text.substring(2), 8);
  if (/^[-+]?[0-9]+$/.test(text)) return parseInt(text, 10);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return parseInt(text.substring(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(text)) {
    return text.slice(-3).toLowerCase() === 'nan' ? NaN : text[0] === '-' ? -Infinity : Infinity;
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(text)) return parseFloat(text);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(text)) return parseFloat(text);
  return text;
}
