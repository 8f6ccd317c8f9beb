// Go's strings.ToLower and strings.EqualFold, where upstream compares names case-insensitively. JavaScript's
// toLowerCase() applies Unicode's full, context-sensitive mappings; Go maps each rune on its own by the
// simple mapping (İ becomes i, not i + combining dot; a final Σ becomes σ, not ς), and EqualFold compares
// runes by simple case folding (ſ and s, K (Kelvin) and k are equal; İ and i are not).
// upstream: Go standard library strings (ToLower, EqualFold), unicode (ToLower, SimpleFold)

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** unicode.ToLower of one code point: the simple mapping, which differs from the full one only for İ. */
const lowerRune = (rune: string): string => (rune === '\u0130' ? 'i' : rune.toLowerCase());

/** strings.ToLower */
export function goToLower(s: string): string {
  if (ASCII.test(s)) return s.toLowerCase();
  let lower = '';
  for (const rune of s) lower += lowerRune(rune);
  return lower;
}

const escapeRune = (rune: string): string => rune.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** Two runes equal under simple case folding (a `u`-mode regular expression folds by the same table). */
const foldEqual = (a: string, b: string): boolean => new RegExp(`^${escapeRune(a)}$`, 'iu').test(b);

/** strings.EqualFold */
export function goEqualFold(s: string, t: string): boolean {
  if (ASCII.test(s) && ASCII.test(t)) return s.toLowerCase() === t.toLowerCase();
  const a = [...s];
  const b = [...t];
  return a.length === b.length && a.every((rune, i) => rune === b[i] || foldEqual(rune, b[i]!));
}
