// goToLower and goEqualFold against Go: every expectation below is what Go's strings.ToLower and
// strings.EqualFold printed (go1.26).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { goEqualFold, goToLower } from '../../../src/util/go/strings.js';

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
