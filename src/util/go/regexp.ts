// Go's regexp (RE2 syntax) for the patterns a user gives KubeVirt, as a JavaScript RegExp: the RE2 syntax that
// JavaScript spells differently is translated, and what RE2 rejects is refused. upstream: Go standard
// library regexp.Compile (regexp/syntax)
//
// Translated: flags at the start of the pattern (`(?i)`, `(?s)`, `(?m)`, `(?is)`), named groups `(?P<name>`,
// the text anchors `\A` and `\z`, quoted literals `\Q...\E` and ASCII classes `[[:alpha:]]`. Refused (Go's
// regexp.Compile fails): lookaround and backreferences, which RE2 does not have. Anything else JavaScript
// reads as Go does for the patterns machine types are matched against (literals, classes, `.`, `*`, `+`,
// `?`, `{n,m}`, alternation, groups, `^`, `$`, octal escapes).

/** ASCII character classes of RE2 (`[[:name:]]`) as JavaScript class contents. */
const ASCII_CLASSES: Readonly<Record<string, string>> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7f',
  blank: '\\t ',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

/** `[:name:]` (or `[:^name:]`) inside a bracket expression. */
const ASCII_CLASS = /^\[:(\^?)([a-z]+):\]/;

const isOctal = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '7';

const escapeLiteral = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** The pattern as JavaScript source (without the leading flags group) and its flags. */
function translate(pattern: string): { source: string; flags: string } | undefined {
  let rest = pattern;
  let flags = '';
  const leading = /^\(\?([ims]+)\)/.exec(rest);
  if (leading) {
    flags = [...new Set(leading[1])].join('');
    rest = rest.slice(leading[0].length);
  }
  let source = '';
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    const asciiClass = c === '[' && rest[i + 1] === ':' ? ASCII_CLASS.exec(rest.slice(i)) : null;
    if (c === '\\') {
      const next = rest[i + 1];
      if (next === 'Q') {
        const end = rest.indexOf('\\E', i + 2);
        const literal = end === -1 ? rest.slice(i + 2) : rest.slice(i + 2, end);
        source += escapeLiteral(literal);
        i = end === -1 ? rest.length : end + 1;
      } else if (next === 'A') {
        source += '(?<![\\s\\S])';
        i++;
      } else if (next === 'z') {
        source += '(?![\\s\\S])';
        i++;
      } else if (next === '8' || next === '9' || (next !== '0' && isOctal(next) && !isOctal(rest[i + 2]))) {
        return undefined; // a backreference: RE2 has none (`\12` is an octal escape, as in JavaScript)
      } else {
        source += c + (next ?? '');
        i++;
      }
    } else if (c === '(' && rest.startsWith('(?P<', i)) {
      source += '(?<';
      i += 3;
    } else if (c === '(' && rest[i + 1] === '?' && !/^\(\?(?::|<[A-Za-z_])/.test(rest.slice(i))) {
      // lookaround, which RE2 refuses, or flags inside the pattern (`(?i:...)`, a later `(?i)`), which
      // JavaScript cannot scope
      return undefined;
    } else if (asciiClass) {
      const [whole, negated, name] = asciiClass;
      const ascii = ASCII_CLASSES[name!];
      if (ascii === undefined || negated) return undefined; // Go refuses an unknown name; `[:^x:]` untranslated
      source += ascii;
      i += whole.length - 1;
    } else {
      source += c;
    }
  }
  return { source, flags };
}

/**
 * The RegExp Go's regexp.Compile(pattern) would match with (MatchString: unanchored), or undefined where
 * Go refuses the pattern or it uses RE2 syntax this port does not translate.
 */
export function compileGoRegexp(pattern: string): RegExp | undefined {
  const translated = translate(pattern);
  if (!translated) return undefined;
  try {
    return new RegExp(translated.source, translated.flags);
  } catch {
    return undefined;
  }
}
