// sprintfWithoutArgs against Go: every expectation below is what Go's fmt.Errorf(format).Error() printed
// for the format (go1.26).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sprintfWithoutArgs } from '../../../src/util/go/fmt.js';

const GO: [format: string, printed: string][] = [
  ['% d', '%!d(MISSING)'],
  ['%!', '%!!(MISSING)'],
  ['%%', '%'],
  ['%*d', '%!(BADWIDTH)%!d(MISSING)'],
  ['%+#v', '%!v(MISSING)'],
  ['%-08s', '%!s(MISSING)'],
  ['%.', '%!.(MISSING)'],
  ['%.*d', '%!(BADPREC)%!d(MISSING)'],
  ['%.5', '%!(NOVERB)'],
  ['%.[1]d', '%!d(BADINDEX)'],
  ['%.[2]*d', '%!(BADPREC)%!d(BADINDEX)'],
  ['%1.', '%!.(MISSING)'],
  ['%5', '%!(NOVERB)'],
  ['%5.2f', '%!f(MISSING)'],
  ['%9999999999d', '%!(NOVERB)'],
  ['%[1]*d', '%!(BADWIDTH)%!d(BADINDEX)'],
  ['%[1].2d', '%!d(BADINDEX)'],
  ['%[1]5d', '%!d(BADINDEX)'],
  ['%[2]', '%!(NOVERB)'],
  ['%[99999999999]d', '%!d(BADINDEX)'],
  ['%[]d', '%!d(BADINDEX)'],
  ['%[x]d', '%!d(BADINDEX)'],
  ['%v%', '%!v(MISSING)%!(NOVERB)'],
  ['%x%y%', '%!x(MISSING)%!y(MISSING)%!(NOVERB)'],
  ['%\u00e9', '%!\u00e9(MISSING)'],
  ['%\u00e9\u00e8', '%!\u00e9(MISSING)\u00e8'],
  ['100%', '100%!(NOVERB)'],
  ['50% off', '50%!o(MISSING)ff'],
  ['GPU vendor.com/gpu%/x is not permitted', 'GPU vendor.com/gpu%!/(MISSING)x is not permitted'],
  ['a%%b%c', 'a%b%!c(MISSING)'],
  ['a%[1]d', 'a%!d(BADINDEX)'],
];

describe('sprintfWithoutArgs', () => {
  for (const [format, printed] of GO) {
    it(`${JSON.stringify(format)} prints ${JSON.stringify(printed)}, as Go`, () => {
      assert.equal(sprintfWithoutArgs(format), printed);
    });
  }
});
