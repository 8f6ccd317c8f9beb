// compileGoRegexp against Go: every expectation below is what Go's regexp.Compile(pattern).MatchString(text)
// printed for the pair (go1.26), "compile-error" where regexp.Compile refused the pattern (MustCompile panics).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileGoRegexp } from '../../../src/util/go/regexp.js';

const GO: [pattern: string, text: string, matches: boolean | 'compile-error'][] = [
  ['(?i)Q35.*', 'q35', true],
  ['(?i)Q35.*', 'pc', false],
  ['(?is)^PC-.*$', 'pc-q35', true],
  ['\\Apc-q35\\z', 'pc-q35', true],
  ['\\Apc-q35\\z', 'pc-q35-rhel', false],
  ['q35', 'pc-q35-rhel9', true],
  ['^q35$', 'pc-q35', false],
  ['\\Qpc-q35.*\\E', 'pc-q35.*', true],
  ['\\Qpc-q35.*\\E', 'pc-q35-rhel', false],
  ['pc-q35-rhel[[:digit:]]+\\.[[:digit:]]\\.0', 'pc-q35-rhel9.4.0', true],
  ['pc-q35-rhel[[:digit:]]+', 'pc-q35-rhelx', false],
  ['(?P<kind>q35)', 'q35', true],
  ['[:a]', 'a', true],
  ['q(?=35)', 'q35', 'compile-error'],
  ['(q)\\1', 'qq', 'compile-error'],
  ['pc-[', 'pc-[', 'compile-error'],
  ['[[:foo:]]', 'f', 'compile-error'],
  ['a\\12b', 'a\nb', true],
  ['a\\8', 'a8', 'compile-error'],
  ['(?<=a)b', 'ab', 'compile-error'],
  ['\\(?=q', '(q', false],
  ['a\\\\1', 'a\\1', true],
];

describe('compileGoRegexp', () => {
  for (const [pattern, text, expected] of GO) {
    it(`${pattern} on ${text}: ${String(expected)}, as Go`, () => {
      const regexp = compileGoRegexp(pattern);
      if (expected === 'compile-error') assert.equal(regexp, undefined);
      else assert.equal(regexp?.test(text), expected);
    });
  }
});
