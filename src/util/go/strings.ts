// Go's strings.ToLower, strings.ToUpper, strings.EqualFold and strings.TrimSpace, where upstream folds the
// case of names or trims them. JavaScript's toLowerCase() and toUpperCase() apply Unicode's full,
// context-sensitive mappings; Go maps each rune on its own by the simple mapping (İ becomes i, not i +
// combining dot; a final Σ becomes σ, not ς; ß stays ß), and EqualFold compares runes by simple case
// folding (ſ and s, K (Kelvin) and k are equal; İ and i are not).
// upstream: Go standard library strings (ToLower, ToUpper, EqualFold, TrimSpace), unicode (ToLower, ToUpper,
// SimpleFold, IsSpace)

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

/**
 * unicode.ToUpper of one code point: the simple mapping. Where the full one has several code points (ß is SS,
 * ﬀ is FF) the simple one keeps the rune, except the Greek letters with ypogegrammeni, which become their
 * title-case forms (ᾳ is ᾼ, ᾀ is ᾈ), and those title-case forms stay as they are.
 */
function upperRune(rune: string): string {
  const full = rune.toUpperCase();
  if ([...full].length === 1) return full;
  const cp = rune.codePointAt(0)!;
  const ypogegrammeni = (from: number): boolean => cp >= from && cp <= from + 7;
  if (ypogegrammeni(0x1f80) || ypogegrammeni(0x1f90) || ypogegrammeni(0x1fa0))
    return String.fromCodePoint(cp + 8);
  if (cp === 0x1fb3 || cp === 0x1fc3 || cp === 0x1ff3) return String.fromCodePoint(cp + 9);
  return rune;
}

/** strings.ToUpper */
export function goToUpper(s: string): string {
  if (ASCII.test(s)) return s.toUpperCase();
  let upper = '';
  for (const rune of s) upper += upperRune(rune);
  return upper;
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

/** unicode.IsSpace: JavaScript's trim() also takes U+FEFF, which Go keeps, and leaves U+0085, which Go takes. */
const SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const TRIM_SPACE = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, 'g');

/** strings.TrimSpace */
export function goTrimSpace(s: string): string {
  return s.replace(TRIM_SPACE, '');
}
