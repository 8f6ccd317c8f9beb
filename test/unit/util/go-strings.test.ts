// goToLower, goToUpper, goEqualFold and goTrimSpace against Go: every expectation below is what Go's
// strings.ToLower, strings.ToUpper, strings.EqualFold and strings.TrimSpace printed (go1.26).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { goEqualFold, goToLower, goToUpper, goTrimSpace } from '../../../src/util/go/strings.js';

const TO_LOWER: [input: string, lower: string][] = [
  ['VİrtualMachineInstancetype', 'virtualmachineinstancetype'],
  ['ΣΑΣ', 'σασ'],
  ['ǅ', 'ǆ'],
  ['K', 'k'],
  ['ẞ', 'ß'],
  ['İstanbul', 'istanbul'],
  ['ABC', 'abc'],
  ['DataſOURCE', 'dataſource'],
  ['Ω', 'ω'],
];

const TO_UPPER: [input: string, upper: string][] = [
  ['nvidia.com/ß', 'NVIDIA.COM/ß'],
  ['ﬀ', 'ﬀ'],
  ['ᾳ', 'ᾼ'],
  ['ᾀ', 'ᾈ'],
  ['ŉ', 'ŉ'],
  ['abc', 'ABC'],
  ['ǆ', 'Ǆ'],
  ['ı', 'I'],
  ['ſ', 'S'],
  ['µ', 'Μ'],
  ['ΐ', 'ΐ'],
  ['ᾼ', 'ᾼ'],
  ['ῳ', 'ῼ'],
  ['ῃ', 'ῌ'],
  ['ꞵ', 'Ꞵ'],
];

const EQUAL_FOLD: [s: string, t: string, equal: boolean][] = [
  ['DataſOURCE', 'datasource', true],
  ['DATASOURCE', 'datasource', true],
  ['datasource', 'DataSource', true],
  ['Dataſource', 'DataSource', true],
  ['VİrtualMachine', 'virtualmachine', false],
  ['ǅ', 'ǆ', true],
  ['Ω', 'ω', true],
  ['ẞ', 'ß', true],
  ['K', 'k', true],
  ['datasourcé', 'datasource', false],
  ['datasourc', 'datasource', false],
];

describe('goToLower (Go strings.ToLower)', () => {
  for (const [input, lower] of TO_LOWER) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(lower)}`, () => assert.equal(goToLower(input), lower));
  }
});

describe('goToUpper (Go strings.ToUpper)', () => {
  for (const [input, upper] of TO_UPPER) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(upper)}`, () => assert.equal(goToUpper(input), upper));
  }
});

describe('goEqualFold (Go strings.EqualFold)', () => {
  for (const [s, t, equal] of EQUAL_FOLD) {
    it(`${JSON.stringify(s)} ~ ${JSON.stringify(t)}: ${equal}`, () => {
      assert.equal(goEqualFold(s, t), equal);
      assert.equal(goEqualFold(t, s), equal);
    });
  }
  it('treats regular-expression syntax in a rune literally', () => {
    assert.equal(goEqualFold('a.cſ', 'abcs'), false);
    assert.equal(goEqualFold('a.cſ', 'a.cs'), true);
  });
});

describe('goTrimSpace (Go strings.TrimSpace)', () => {
  const GO: [input: string, trimmed: string][] = [
    ['\u0085 10de\t\n', '10de'],
    ['\ufeff10de\ufeff', '\ufeff10de\ufeff'],
    ['\u3000\u2028x y\u00a0\u202f', 'x y'],
    ['\u200bx', '\u200bx'],
  ];
  for (const [input, trimmed] of GO) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(trimmed)}`, () =>
      assert.equal(goTrimSpace(input), trimmed));
  }
});
