// Kubernetes resource.Quantity, ported from k8s.io/apimachinery/pkg/api/resource (v0.31).
//
// The port keeps upstream's two internal representations because several observable results depend
// on which one a value is held in:
//   - an "int64 amount" (value * 10^scale, value wrapping like a Go int64), used by the parse fast path
//     and by the constructors;
//   - an "inf.Dec" (unscaled * 10^-scale with an arbitrary-size unscaled value), used when the fast path
//     cannot represent a value exactly.
// Differences from upstream, all deliberate:
//   - Quantities are immutable. Operations that mutate in place upstream (Add, Sub, Mul, Neg, RoundUp)
//     return a new Quantity instead. Upstream Cmp silently promotes its receiver to the inf.Dec
//     representation when the other operand is an inf.Dec; this port never changes a receiver.
//   - The zero value of a Go Quantity has Format "", which is unobservable in its printed form; this port
//     has no such value (use Quantity.zero()).
// Like upstream, a parsed quantity remembers its input text when that text "looks canonical" (see
// parseQuantity) and String()/MarshalJSON print that text until the value is changed; otherwise they
// print the canonical form. So "2048Mi" prints as "2Gi", "1.5Gi" as "1536Mi", but "1268Mi", "+1Ki" and
// even "1.500k" print unchanged.
//   - Where upstream converts an out-of-range float64 to int64 (ScaledValue on a value that overflows),
//     the amd64 result (the minimum int64) is reproduced.

import { RenderError } from '../errors.js';

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** Powers of ten accepted by newScaledQuantity / scaledValue (upstream resource.Scale constants). */
export const Scale = {
  Nano: -9,
  Micro: -6,
  Milli: -3,
  Kilo: 3,
  Mega: 6,
  Giga: 9,
  Tera: 12,
  Peta: 15,
  Exa: 18,
} as const;

const SPLIT_RE_STRING = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';

export const QUANTITY_ERROR_MESSAGES = {
  format: `quantities must match the regular expression '${SPLIT_RE_STRING}'`,
  numeric: 'unable to parse numeric part of quantity',
  suffix: "unable to parse quantity's suffix",
} as const;

export type QuantityParseErrorKind = keyof typeof QUANTITY_ERROR_MESSAGES;

/** Raised when a string is not a valid quantity (upstream ErrFormatWrong / ErrNumeric / ErrSuffix). */
export class QuantityParseError extends Error {
  constructor(
    readonly kind: QuantityParseErrorKind,
    /** The text that failed to parse. */
    readonly input: string,
    message: string = QUANTITY_ERROR_MESSAGES[kind],
  ) {
    super(message);
    this.name = 'QuantityParseError';
  }
}

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);
/** Largest value whose milli-value fits an int64 (upstream MaxMilliValue). */
export const MAX_MILLI_VALUE: bigint = MAX_INT64 / 1000n;

const NANO = Scale.Nano;
const MAX_INT64_FACTORS = 18;

const wrap64 = (x: bigint): bigint => BigInt.asIntN(64, x);
/** Scales are Go int32 values; arithmetic on them wraps. */
const i32 = (x: number): number => x | 0;

/**
 * The most decimal digits an exact intermediate value may have. apimachinery has no such bound: its inf.Dec
 * arithmetic builds whatever a value needs (10^2147483647 to add 1Mi to "1e2147483647", a billion digits
 * to compare "1e999999999" with 1), spending minutes and gigabytes. Beyond this vmi-render refuses the
 * value instead (QuantityLimitError), so every quantity costs time bounded by its length.
 */
export const MAX_QUANTITY_DIGITS = 10_000;

/** A quantity whose exact arithmetic would exceed MAX_QUANTITY_DIGITS (a render error, exit 1). */
export class QuantityLimitError extends RenderError {
  constructor(what: string) {
    super(
      `quantity ${what} is too large or too precise to compute with exactly (it would take more than ${MAX_QUANTITY_DIGITS} digits, vmi-render's limit)`,
    );
    this.name = 'QuantityLimitError';
  }
}

/** A short description of a value for messages: `123...789e-45` rather than its every digit. */
function describeDec(unscaled: bigint, scale: number): string {
  let digits = unscaled.toString();
  if (digits.length > 24) digits = `${digits.slice(0, 10)}...${digits.slice(-10)}`;
  return scale === 0 ? digits : `${digits}e${-scale}`;
}

const pow10Cache: bigint[] = [];
function pow10(n: number, what?: () => string): bigint {
  if (n < 0) throw new RangeError(`negative power of ten: ${n}`);
  if (n < 64) {
    let cached = pow10Cache[n];
    if (cached === undefined) {
      cached = 10n ** BigInt(n);
      pow10Cache[n] = cached;
    }
    return cached;
  }
  if (n > MAX_QUANTITY_DIGITS) throw new QuantityLimitError(what ? what() : `with 10^${n}`);
  return 10n ** BigInt(n);
}

function signOf(x: bigint): number {
  return x === 0n ? 0 : x > 0n ? 1 : -1;
}

// ---------------------------------------------------------------------------------------------------
// int64 helpers (upstream math.go). Every result is wrapped to int64 like Go arithmetic.

type Checked = [value: bigint, ok: boolean];

const SAFE_INTEGER = BigInt(Number.MAX_SAFE_INTEGER);

function int64Add(a: bigint, b: bigint): Checked {
  const c = wrap64(a + b);
  if (a > 0n && b > 0n) {
    if (c < 0n) return [0n, false];
  } else if (a < 0n && b < 0n) {
    if (c > 0n) return [0n, false];
    if (a === MIN_INT64 && b === MIN_INT64) return [0n, false];
  }
  return [c, true];
}

function int64Multiply(a: bigint, b: bigint): Checked {
  if (a === 0n || b === 0n || a === 1n || b === 1n) return [wrap64(a * b), true];
  if (a === MIN_INT64 || b === MIN_INT64) return [0n, false];
  const c = wrap64(a * b);
  return [c, wrap64(c / b) === a];
}

/** a*b where b > 1 (upstream int64MultiplyScale and its 10/100/1000 specialisations). */
function int64MultiplyScale(a: bigint, b: bigint): Checked {
  if (a === 0n || a === 1n) return [wrap64(a * b), true];
  if (a === MIN_INT64 && b !== 1n) return [0n, false];
  const c = wrap64(a * b);
  return [c, wrap64(c / b) === a];
}

function positiveScaleInt64(base: bigint, scale: number): Checked {
  // (zero stays zero however far it is scaled: upstream's loop of `scale` steps, in one)
  if (base === 0n) return [0n, true];
  switch (scale) {
    case 0:
      return [base, true];
    case 1:
    case 2:
    case 3:
    case 6:
    case 9:
      return int64MultiplyScale(base, pow10(scale));
    default: {
      let value = base;
      for (let i = 0; i < scale; i++) {
        const [next, ok] = int64MultiplyScale(value, 10n);
        if (!ok) return [0n, false];
        value = next;
      }
      return [value, true];
    }
  }
}

/** Divides by 10^scale, rounding away from zero; the flag reports exactness. */
function negativeScaleInt64(base: bigint, scale: number): Checked {
  if (scale === 0) return [base, true];
  let value = base;
  let fraction = false;
  for (let i = 0; i < scale; i++) {
    if (!fraction && value % 10n !== 0n) fraction = true;
    value = value / 10n;
    if (value === 0n) {
      if (fraction) return [base > 0n ? 1n : -1n, false];
      return [0n, true];
    }
  }
  if (fraction) value = base > 0n ? value + 1n : value - 1n;
  return [value, !fraction];
}

function divideByScaleInt64(
  base: bigint,
  scale: number,
): [result: bigint, remainder: bigint, exact: boolean] {
  if (scale === 0) return [base, 0n, true];
  if (scale >= 18) return [0n, base, false];
  if (scale < 0) {
    // Scales more than 2^31 apart: the int32 difference wrapped, upstream's pow10Int64 gives 0 for it and
    // the division panics.
    throw new RenderError(
      'runtime error: integer divide by zero (comparing quantities whose scales are more than 2^31 apart; upstream apimachinery divideByScaleInt64 panics)',
    );
  }
  const divisor = pow10(scale);
  return [base / divisor, base % divisor, true];
}

function removeInt64Factors(value: bigint, base: bigint): [result: bigint, times: number] {
  if (value <= SAFE_INTEGER && value >= -SAFE_INTEGER) {
    // exact in doubles
    const factor = Number(base);
    const negative = value < 0n;
    let rest = Math.abs(Number(value));
    let count = 0;
    while (rest >= factor && rest % factor === 0) {
      count++;
      rest /= factor;
    }
    return [BigInt(negative ? -rest : rest), count];
  }
  let times = 0;
  const negative = value < 0n;
  let result = negative ? wrap64(-value) : value;
  while (result >= base && result % base === 0n) {
    times++;
    result = result / base;
  }
  if (negative) result = wrap64(-result);
  return [result, times];
}

function removeBigIntFactors(d: bigint, factor: bigint): [result: bigint, times: number] {
  if (d === 0n) return [d, 0];
  // Dividing by the factor while it divides costs a division per factor: count them from the digits
  // instead (of the decimal or hexadecimal form), in time linear in the size of d.
  if (factor === 10n) {
    const digits = (d < 0n ? -d : d).toString();
    let zeros = 0;
    while (digits.charCodeAt(digits.length - 1 - zeros) === 48) zeros++;
    if (zeros === 0) return [d, 0];
    const rest = BigInt(digits.slice(0, digits.length - zeros));
    return [d < 0n ? -rest : rest, zeros];
  }
  if (factor === 1024n) {
    const hex = (d < 0n ? -d : d).toString(16);
    let zeroBits = 0;
    let i = hex.length - 1;
    while (hex.charCodeAt(i) === 48) {
      zeroBits += 4;
      i--;
    }
    const last = parseInt(hex[i]!, 16);
    for (let bit = 1; (last & bit) === 0; bit <<= 1) zeroBits++;
    const times = Math.floor(zeroBits / 10);
    return [d / (1n << BigInt(10 * times)), times];
  }
  let times = 0;
  while (d !== 0n) {
    if (d % factor !== 0n) break;
    d = d / factor;
    times++;
  }
  return [d, times];
}

// Go's math.Pow10, table for table, so float results match bit for bit.
const POW10_TAB = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31,
];
const POW10_POS_TAB32 = [1, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288];
const POW10_NEG_TAB32 = [1, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320];

function goPow10(n: number): number {
  if (n >= 0 && n <= 308) {
    return POW10_POS_TAB32[Math.floor(n / 32)]! * POW10_TAB[n % 32]!;
  }
  if (n >= -323 && n <= 0) {
    return POW10_NEG_TAB32[Math.floor(-n / 32)]! / POW10_TAB[-n % 32]!;
  }
  return n > 0 ? Infinity : 0;
}

/** Go's int64(float64) conversion as compiled for amd64 (out of range gives the minimum int64). */
function goFloatToInt64(f: number): bigint {
  if (!Number.isFinite(f) || f >= 9223372036854775808 || f < -9223372036854775808) return MIN_INT64;
  return BigInt(Math.trunc(f));
}

// ---------------------------------------------------------------------------------------------------
// The two amount representations (upstream amount.go, plus the parts of inf.Dec that are used).

interface Int64Amount {
  readonly value: bigint;
  /** Power of ten: the amount is value * 10^scale. */
  readonly scale: number;
}

interface Dec {
  readonly unscaled: bigint;
  /** inf.Dec scale (upside down): the amount is unscaled * 10^-scale. */
  readonly scale: number;
}

const ZERO_AMOUNT: Int64Amount = { value: 0n, scale: 0 };

function amountSign(a: Int64Amount): number {
  return signOf(a.value);
}

function amountAsDec(a: Int64Amount): Dec {
  return { unscaled: a.value, scale: -a.scale };
}

function amountAsScaledInt64(a: Int64Amount, scale: number): Checked {
  if (a.scale < scale) {
    const result = negativeScaleInt64(a.value, i32(scale - a.scale))[0];
    return [result, true];
  }
  return positiveScaleInt64(a.value, i32(a.scale - scale));
}

function amountAsInt64(a: Int64Amount): Checked {
  if (a.scale === 0) return [a.value, true];
  if (a.scale < 0) return [0n, false];
  return positiveScaleInt64(a.value, a.scale);
}

function amountCmp(a: Int64Amount, b: Int64Amount): number {
  let av = a.value;
  let bv = b.value;
  if (a.scale > b.scale) {
    const [result, remainder, exact] = divideByScaleInt64(b.value, i32(a.scale - b.scale));
    if (!exact) return decCmp(amountAsDec(a), amountAsDec(b));
    if (result === av) {
      if (remainder === 0n) return 0;
      return remainder > 0n ? -1 : 1;
    }
    bv = result;
  } else if (a.scale < b.scale) {
    const [result, remainder, exact] = divideByScaleInt64(a.value, i32(b.scale - a.scale));
    if (!exact) return decCmp(amountAsDec(a), amountAsDec(b));
    if (result === bv) {
      if (remainder === 0n) return 0;
      return remainder > 0n ? 1 : -1;
    }
    av = result;
  }
  return av === bv ? 0 : av < bv ? -1 : 1;
}

/** Returns undefined on overflow (upstream returns false and leaves the receiver untouched). */
function amountAdd(a: Int64Amount, b: Int64Amount): Int64Amount | undefined {
  if (b.value === 0n) return a;
  if (a.value === 0n) return b;
  if (a.scale === b.scale) {
    const [c, ok] = int64Add(a.value, b.value);
    return ok ? { value: c, scale: a.scale } : undefined;
  }
  if (a.scale > b.scale) {
    const [scaled, ok] = positiveScaleInt64(a.value, i32(a.scale - b.scale));
    if (!ok) return undefined;
    const [c, ok2] = int64Add(scaled, b.value);
    return ok2 ? { value: c, scale: b.scale } : undefined;
  }
  const [scaled, ok] = positiveScaleInt64(b.value, i32(b.scale - a.scale));
  if (!ok) return undefined;
  const [c, ok2] = int64Add(a.value, scaled);
  return ok2 ? { value: c, scale: a.scale } : undefined;
}

function amountSub(a: Int64Amount, b: Int64Amount): Int64Amount | undefined {
  return amountAdd(a, { value: wrap64(-b.value), scale: b.scale });
}

function amountMul(a: Int64Amount, b: bigint): Int64Amount | undefined {
  if (a.value === 0n) return a;
  if (b === 0n) return ZERO_AMOUNT;
  const [c, ok] = int64Multiply(a.value, b);
  if (!ok) return undefined;
  if (a.scale > 0 && !positiveScaleInt64(c, a.scale)[1]) return undefined;
  if (a.scale < 0 && !negativeScaleInt64(c, -a.scale)[1]) return undefined;
  return { value: c, scale: a.scale };
}

function amountAsScale(a: Int64Amount, scale: number): [Int64Amount, boolean] {
  if (a.scale >= scale) return [a, true];
  const [result, exact] = negativeScaleInt64(a.value, i32(scale - a.scale));
  return [{ value: result, scale }, exact];
}

function amountAsCanonical(a: Int64Amount): [mantissa: string, exponent: number] {
  let [amount, exponent] = removeInt64Factors(a.value, 10n);
  exponent = i32(exponent + a.scale);
  switch (exponent % 3) {
    case 1:
    case -2: {
      const [scaled, ok] = int64MultiplyScale(amount, 10n);
      if (!ok) return decAsCanonical(amountAsDec(a));
      amount = scaled;
      exponent -= 1;
      break;
    }
    case 2:
    case -1: {
      const [scaled, ok] = int64MultiplyScale(amount, 100n);
      if (!ok) return decAsCanonical(amountAsDec(a));
      amount = scaled;
      exponent -= 2;
      break;
    }
  }
  return [amount.toString(), exponent];
}

function amountAsCanonicalBase1024(a: Int64Amount): [mantissa: string, exponent: number] {
  const [value, ok] = amountAsScaledInt64(a, 0);
  if (!ok) return decAsCanonicalBase1024(amountAsDec(a));
  const [amount, exponent] = removeInt64Factors(value, 1024n);
  return [amount.toString(), exponent];
}

function decRescale(x: Dec, newScale: number): bigint {
  if (x.scale === newScale) return x.unscaled;
  return x.unscaled * pow10(newScale - x.scale, () => describeDec(x.unscaled, x.scale));
}

function digitCount(x: bigint): number {
  return x === 0n ? 0 : (x < 0n ? -x : x).toString().length;
}

function decCmp(x: Dec, y: Dec): number {
  const sx = signOf(x.unscaled);
  const sy = signOf(y.unscaled);
  if (sx !== sy || sx === 0) return sx === sy ? 0 : sx < sy ? -1 : 1;
  // Same sign, both non-zero: decide by order of magnitude first, so huge scale gaps stay cheap.
  const ex = digitCount(x.unscaled) - x.scale;
  const ey = digitCount(y.unscaled) - y.scale;
  if (ex !== ey) return (ex > ey ? 1 : -1) * sx;
  const s = Math.max(x.scale, y.scale);
  const a = decRescale(x, s);
  const b = decRescale(y, s);
  return a === b ? 0 : a < b ? -1 : 1;
}

function decAdd(x: Dec, y: Dec): Dec {
  const s = Math.max(x.scale, y.scale);
  return { unscaled: decRescale(x, s) + decRescale(y, s), scale: s };
}

function decSub(x: Dec, y: Dec): Dec {
  const s = Math.max(x.scale, y.scale);
  return { unscaled: decRescale(x, s) - decRescale(y, s), scale: s };
}

/** inf.Dec Round(x, s, RoundUp): the result always has scale s; inexact values move away from zero. */
function decRoundUp(x: Dec, s: number): Dec {
  const shift = i32(s - x.scale);
  if (shift >= 0) {
    if (x.unscaled === 0n) return { unscaled: 0n, scale: s };
    return { unscaled: x.unscaled * pow10(shift, () => describeDec(x.unscaled, x.scale)), scale: s };
  }
  if (digitCount(x.unscaled) <= -shift) {
    // |x.unscaled| < 10^-shift: the quotient is zero (shortcut that avoids building a huge divisor).
    return { unscaled: BigInt(signOf(x.unscaled)), scale: s };
  }
  const divisor = pow10(-shift);
  let q = x.unscaled / divisor;
  const r = x.unscaled % divisor;
  if (r !== 0n) q += r > 0n ? 1n : -1n;
  return { unscaled: q, scale: s };
}

function decAsScale(d: Dec, scale: number): [Dec, boolean] {
  const rounded = decRoundUp(d, i32(-scale));
  return [rounded, decCmp(rounded, d) === 0];
}

function decAsCanonical(d: Dec): [mantissa: string, exponent: number] {
  const [initialAmount, times] = removeBigIntFactors(d.unscaled, 10n);
  let amount = initialAmount;
  let exponent = i32(i32(-d.scale) + times);
  while (exponent % 3 !== 0) {
    amount *= 10n;
    exponent = i32(exponent - 1);
  }
  return [amount.toString(), exponent];
}

function decAsCanonicalBase1024(d: Dec): [mantissa: string, exponent: number] {
  const rounded = decRoundUp(d, 0);
  const [amount, exponent] = removeBigIntFactors(rounded.unscaled, 1024n);
  return [amount.toString(), exponent];
}

/** inf.Dec SetString: optional sign, digits with at most one '.', at least one digit, nothing else. */
function decSetString(s: string): Dec | undefined {
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/.exec(s);
  if (!m) return undefined;
  const intPart = m[2] ?? '';
  const fracPart = m[3] ?? '';
  if (intPart.length + fracPart.length === 0) return undefined;
  if (intPart.length + fracPart.length > MAX_QUANTITY_DIGITS) {
    const significant = (intPart + fracPart).replace(/^0+/, '').replace(/0+$/, '');
    if (significant.length > MAX_QUANTITY_DIGITS) {
      throw new QuantityLimitError(`${s.slice(0, 12)}... (${s.length} characters)`);
    }
  }
  const unscaled = BigInt(intPart + fracPart);
  return { unscaled: m[1] === '-' ? -unscaled : unscaled, scale: fracPart.length };
}

/** big.Int.Int64(): the low 64 bits, with the sign applied, as Go does. */
const bigToInt64 = wrap64;

/** Upstream scaledValue (scale_int.go); scale/newScale are inf.Dec-style scales. */
function decScaledValue(unscaled: bigint, scale: number, newScale: number): bigint {
  const dif = scale - newScale;
  if (dif === 0) return bigToInt64(unscaled);
  if (dif < 0) {
    return wrap64(bigToInt64(unscaled) * goFloatToInt64(goPow10(-dif)));
  }
  if (unscaled < MAX_INT64 && dif < 19) {
    const divide = pow10(dif);
    const u = bigToInt64(unscaled);
    const result = u / divide;
    return u % divide !== 0n ? wrap64(result + 1n) : result;
  }
  if (unscaled === 0n) return 0n;
  if (digitCount(unscaled) <= dif) {
    // |unscaled| < 10^dif: the Euclidean quotient is 0 or -1 and the remainder is non-zero.
    return unscaled > 0n ? 1n : 0n;
  }
  const divisor = pow10(dif);
  let result = unscaled / divisor;
  let remainder = unscaled % divisor;
  if (remainder < 0n) {
    // big.Int DivMod is Euclidean: the remainder is never negative.
    result -= 1n;
    remainder += divisor;
  }
  return remainder !== 0n ? wrap64(bigToInt64(result) + 1n) : bigToInt64(result);
}

// ---------------------------------------------------------------------------------------------------
// Suffixes (upstream suffix.go).

interface SuffixMeaning {
  base: 2 | 10;
  exponent: number;
  format: QuantityFormat;
}

const DECIMAL_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['n', -9],
  ['u', -6],
  ['m', -3],
  ['', 0],
  ['k', 3],
  ['M', 6],
  ['G', 9],
  ['T', 12],
  ['P', 15],
  ['E', 18],
]);
const BINARY_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['Ki', 10],
  ['Mi', 20],
  ['Gi', 30],
  ['Ti', 40],
  ['Pi', 50],
  ['Ei', 60],
]);
const DECIMAL_SUFFIX_BY_EXPONENT = new Map([...DECIMAL_SUFFIXES].map(([s, e]) => [e, s]));
const BINARY_SUFFIX_BY_EXPONENT = new Map([...BINARY_SUFFIXES].map(([s, e]) => [e, s]));

function interpretSuffix(suffix: string): SuffixMeaning | undefined {
  const dec = DECIMAL_SUFFIXES.get(suffix);
  if (dec !== undefined) return { base: 10, exponent: dec, format: 'DecimalSI' };
  const bin = BINARY_SUFFIXES.get(suffix);
  if (bin !== undefined) return { base: 2, exponent: bin, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'E' || suffix[0] === 'e')) {
    const rest = suffix.slice(1);
    // strconv.ParseInt(rest, 10, 64), then the int32 conversion upstream applies.
    if (!/^[+-]?[0-9]+$/.test(rest)) return undefined;
    const parsed = BigInt(rest);
    if (parsed > MAX_INT64 || parsed < MIN_INT64) return undefined;
    return { base: 10, exponent: Number(BigInt.asIntN(32, parsed)), format: 'DecimalExponent' };
  }
  return undefined;
}

/** Upstream constructBytes; a missing suffix is printed as nothing, as upstream does. */
function constructSuffix(base: 2 | 10, exponent: number, format: string): string {
  switch (format) {
    case 'DecimalSI':
      return base === 10 ? (DECIMAL_SUFFIX_BY_EXPONENT.get(exponent) ?? '') : '';
    case 'BinarySI':
      return base === 2 ? (BINARY_SUFFIX_BY_EXPONENT.get(exponent) ?? '') : '';
    case 'DecimalExponent':
      return base === 10 && exponent !== 0 ? `e${exponent}` : '';
    default:
      return '';
  }
}

// ---------------------------------------------------------------------------------------------------
// Parsing (upstream parseQuantityString / ParseQuantity).

interface SplitQuantity {
  positive: boolean;
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const SUFFIX_CHARS = 'eEinumkKMGTP';

function splitQuantityString(str: string): SplitQuantity | undefined {
  let positive = true;
  let pos = 0;
  const end = str.length;

  if (pos < end) {
    if (str[0] === '-') {
      positive = false;
      pos++;
    } else if (str[0] === '+') {
      pos++;
    }
  }

  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };

  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  let num = str.slice(pos, i);
  if (i >= end) return { positive, value: str, num, denom: '', suffix: '' };
  pos = i;
  if (num.length === 0) num = '0';

  let denom = '';
  if (pos < end && str[pos] === '.') {
    pos++;
    i = pos;
    while (i < end && isDigit(str[i])) i++;
    denom = str.slice(pos, i);
    if (i >= end) return { positive, value: str, num, denom, suffix: '' };
    pos = i;
  }
  const value = str.slice(0, pos);

  const suffixStart = pos;
  i = pos;
  while (i < end && SUFFIX_CHARS.includes(str[i]!)) i++;
  if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  pos = i;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  i = pos;
  while (i < end && isDigit(str[i])) i++;
  if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  return undefined;
}

function toInt64(value: bigint | number, what: string): bigint {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new RangeError(`${what} must be an integer, got ${value}`);
    value = BigInt(value);
  }
  if (value > MAX_INT64 || value < MIN_INT64)
    throw new RangeError(`${what} is out of the int64 range: ${value}`);
  return value;
}

function toScale(scale: number): number {
  if (!Number.isInteger(scale) || scale > 2147483647 || scale < -2147483648) {
    throw new RangeError(`scale must be an int32, got ${scale}`);
  }
  return scale;
}

/** Text of a JSON number as Go's encoding/json (and sigs.k8s.io/yaml) would hand it to UnmarshalJSON. */
function numberText(input: number): string {
  if (!Number.isFinite(input)) {
    throw new QuantityParseError('format', String(input));
  }
  return String(input);
}

// UnmarshalJSON applies strings.TrimSpace to the raw JSON text of the value. Go's encoding/json writes
// control characters and U+2028/U+2029 as escapes, which TrimSpace leaves alone (and the parse then
// rejects), so only the Unicode spaces it emits verbatim can actually be trimmed.
const TRIMMABLE = ' \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u202F\\u205F\\u3000';
const TRIM_RE = new RegExp(`^[${TRIMMABLE}]+|[${TRIMMABLE}]+$`, 'g');
function trimLikeUnmarshalJSON(s: string): string {
  return s.replace(TRIM_RE, '');
}

export interface QuantityWithExactness {
  quantity: Quantity;
  exact: boolean;
}

// Set by Quantity's static initialiser: the only way to build instances from outside the class body.
let construct: (i: Int64Amount, d: Dec | undefined, format: QuantityFormat, cached?: string) => Quantity;

export class Quantity {
  private readonly i: Int64Amount;
  private readonly d: Dec | undefined;
  /** The string remembered at parse time (upstream's cached `s`), or '' when none. */
  private readonly cached: string;
  private canonical: string | undefined;
  readonly #format: QuantityFormat;

  static {
    construct = (i, d, format, cached = '') => new Quantity(i, d, format, cached);
  }

  private constructor(i: Int64Amount, d: Dec | undefined, format: QuantityFormat, cached: string) {
    this.i = d === undefined ? i : ZERO_AMOUNT;
    this.d = d;
    this.#format = format;
    this.cached = cached;
  }

  /**
   * ParseQuantity. A number is parsed from its JSON text (what UnmarshalJSON receives for a YAML/JSON
   * number such as `cpu: 2` or `cpu: 0.5`). Strings are not trimmed; see fromJSON for that.
   */
  static parse(input: string | number): Quantity {
    const str = typeof input === 'number' ? numberText(input) : input;
    if (typeof str !== 'string') throw new TypeError(`cannot parse a ${typeof input} as a quantity`);
    return parseQuantity(str);
  }

  /** Like parse, but returns undefined for anything that is not a valid quantity string or number. */
  static tryParse(input: unknown): Quantity | undefined {
    if (typeof input !== 'string' && typeof input !== 'number') return undefined;
    try {
      return Quantity.parse(input);
    } catch (err) {
      if (err instanceof QuantityParseError) return undefined;
      throw err;
    }
  }

  /**
   * Quantity.UnmarshalJSON applied to an already-decoded JSON value, as if the value had been encoded by
   * Go's encoding/json (the kubectl/apiserver path): strings lose surrounding spaces, numbers use their
   * JSON text, null gives a zero quantity. A Quantity is returned as is: it is a value already decoded (or
   * computed) in Go, as in a VMI fresh out of admission, whose quantities keep their Go format.
   */
  static fromJSON(value: unknown): Quantity {
    if (value instanceof Quantity) return value;
    if (value === null) return construct(ZERO_AMOUNT, undefined, 'DecimalSI');
    if (typeof value === 'string') return parseQuantity(trimLikeUnmarshalJSON(value));
    if (typeof value === 'number') return parseQuantity(numberText(value));
    throw new QuantityParseError('format', String(value));
  }

  /**
   * fromJSON for a field Go decodes on its own: a new object on every call (fromJSON may hand out one
   * object for equal texts), so that two quantities are the same object only where they are one Go value,
   * whose inf.Dec its copies share (e.g. a limit copied into the requests), never two fields written alike.
   */
  static decodeJSON(value: unknown): Quantity {
    if (value instanceof Quantity) return value;
    const decoded = Quantity.fromJSON(value);
    return construct(decoded.i, decoded.d, decoded.#format, decoded.cached);
  }

  /** NewQuantity (alias of newQuantity). */
  static fromInt(value: bigint | number, format: QuantityFormat): Quantity {
    return newQuantity(value, format);
  }

  /** NewMilliQuantity (alias of newMilliQuantity). */
  static fromMilli(milli: bigint | number, format: QuantityFormat): Quantity {
    return newMilliQuantity(milli, format);
  }

  /** A quantity with value 0 (Go's `resource.Quantity{}` apart from its empty Format). */
  static zero(format: QuantityFormat = 'DecimalSI'): Quantity {
    return construct(ZERO_AMOUNT, undefined, format);
  }

  get format(): QuantityFormat {
    return this.#format;
  }

  /** Which upstream representation holds the value (observable through a few rounding corner cases). */
  get representation(): 'int64' | 'dec' {
    return this.d === undefined ? 'int64' : 'dec';
  }

  private asDecValue(): Dec {
    return this.d ?? amountAsDec(this.i);
  }

  /** The same value held as an inf.Dec (upstream ToDec/AsDec, without mutating the receiver). */
  toDec(): Quantity {
    if (this.d !== undefined) return this;
    return construct(ZERO_AMOUNT, amountAsDec(this.i), this.#format, this.cached);
  }

  /** The value as inf.Dec parts: value = unscaled * 10^-scale. */
  asDec(): { unscaled: bigint; scale: number } {
    const d = this.asDecValue();
    return { unscaled: d.unscaled, scale: d.scale };
  }

  /** The exact value as a plain decimal number (inf.Dec's String()), e.g. "0.004" or "1500". */
  toDecimalString(): string {
    const { unscaled, scale } = this.asDecValue();
    if (scale <= 0) return unscaled === 0n ? '0' : unscaled.toString() + '0'.repeat(-scale);
    const negative = unscaled < 0n;
    const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
    const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return negative ? `-${text}` : text;
  }

  /** AsInt64: the value if it is an int64-held integer that fits, otherwise undefined. */
  asInt64(): bigint | undefined {
    if (this.d !== undefined) return undefined;
    const [v, ok] = amountAsInt64(this.i);
    return ok ? v : undefined;
  }

  isZero(): boolean {
    return this.d !== undefined ? this.d.unscaled === 0n : this.i.value === 0n;
  }

  sign(): number {
    return this.d !== undefined ? signOf(this.d.unscaled) : amountSign(this.i);
  }

  /** Add: the result keeps this quantity's format, unless this quantity is zero (then it takes q's). */
  add(q: Quantity): Quantity {
    let format = this.#format;
    if (this.d === undefined && q.d === undefined) {
      if (this.i.value === 0n) format = q.#format;
      const sum = amountAdd(this.i, q.i);
      if (sum !== undefined) return construct(sum, undefined, format);
    } else if (this.isZero()) {
      format = q.#format;
    }
    return construct(ZERO_AMOUNT, decAdd(this.asDecValue(), q.asDecValue()), format);
  }

  /** Sub: the result keeps this quantity's format, unless this quantity is zero (then it takes q's). */
  sub(q: Quantity): Quantity {
    const format = this.isZero() ? q.#format : this.#format;
    if (this.d === undefined && q.d === undefined) {
      const diff = amountSub(this.i, q.i);
      if (diff !== undefined) return construct(diff, undefined, format);
    }
    return construct(ZERO_AMOUNT, decSub(this.asDecValue(), q.asDecValue()), format);
  }

  /** Mul by an int64; exact is false when the product no longer fits an int64. */
  mulExact(y: bigint | number): QuantityWithExactness {
    const factor = toInt64(y, 'multiplier');
    if (this.d === undefined) {
      const product = amountMul(this.i, factor);
      if (product !== undefined) {
        return { quantity: construct(product, undefined, this.#format), exact: true };
      }
    }
    const d = this.asDecValue();
    const unscaled = d.unscaled * factor;
    return {
      quantity: construct(ZERO_AMOUNT, { unscaled, scale: d.scale }, this.#format),
      exact: unscaled <= MAX_INT64 && unscaled >= MIN_INT64,
    };
  }

  mul(y: bigint | number): Quantity {
    return this.mulExact(y).quantity;
  }

  neg(): Quantity {
    if (this.d === undefined) {
      return construct({ value: wrap64(-this.i.value), scale: this.i.scale }, undefined, this.#format);
    }
    return construct(ZERO_AMOUNT, { unscaled: -this.d.unscaled, scale: this.d.scale }, this.#format);
  }

  /**
   * RoundUp: rounds away from zero to a multiple of 10^scale; exact is false when precision was lost.
   * A quantity already at that precision is returned unchanged (keeping any parse-time string).
   */
  roundUpExact(scale: number): QuantityWithExactness {
    toScale(scale);
    if (this.d !== undefined) {
      const [d, exact] = decAsScale(this.d, scale);
      return { quantity: construct(ZERO_AMOUNT, d, this.#format), exact };
    }
    if (this.i.scale >= scale) return { quantity: this, exact: true };
    const [i, exact] = amountAsScale(this.i, scale);
    return { quantity: construct(i, undefined, this.#format), exact };
  }

  roundUp(scale: number): Quantity {
    return this.roundUpExact(scale).quantity;
  }

  cmp(q: Quantity): number {
    if (this.d === undefined && q.d === undefined) return amountCmp(this.i, q.i);
    return decCmp(this.asDecValue(), q.asDecValue());
  }

  cmpInt64(y: bigint | number): number {
    const v = toInt64(y, 'comparand');
    if (this.d !== undefined) return decCmp(this.d, { unscaled: v, scale: 0 });
    return amountCmp(this.i, { value: v, scale: 0 });
  }

  equal(q: Quantity): boolean {
    return this.cmp(q) === 0;
  }

  /** Value(): the integer value, rounded away from zero (int64, wrapping on overflow like upstream). */
  value(): bigint {
    return this.scaledValue(0);
  }

  /** MilliValue(): ceil(q * 1000) in upstream's rounding. */
  milliValue(): bigint {
    return this.scaledValue(Scale.Milli);
  }

  /** ScaledValue(scale): the value in units of 10^scale, rounded up as upstream does. */
  scaledValue(scale: number): bigint {
    toScale(scale);
    if (this.d === undefined) return amountAsScaledInt64(this.i, scale)[0];
    return decScaledValue(this.d.unscaled, this.d.scale, i32(-scale));
  }

  asApproximateFloat64(): number {
    let base: number;
    let exponent: number;
    if (this.d !== undefined) {
      base = Number(this.d.unscaled);
      exponent = i32(-this.d.scale);
    } else {
      base = Number(this.i.value);
      exponent = this.i.scale;
    }
    if (exponent === 0) return base;
    return base * goPow10(exponent);
  }

  /** CanonicalizeBytes: the canonical number and suffix, ignoring any string remembered at parse. */
  canonicalize(): { number: string; suffix: string } {
    if (this.isZero()) return { number: '0', suffix: '' };
    let format: string = this.#format;
    let rounded: { i: Int64Amount } | { d: Dec } | undefined;
    if (format === 'BinarySI') {
      if (this.cmpInt64(-1024) > 0 && this.cmpInt64(1024) < 0) {
        format = 'DecimalSI';
      } else if (this.d !== undefined) {
        const [d, exact] = decAsScale(this.d, 0);
        if (exact) rounded = { d };
        else format = 'DecimalSI';
      } else {
        const [i, exact] = amountAsScale(this.i, 0);
        if (exact) rounded = { i };
        else format = 'DecimalSI';
      }
    } else if (format !== 'DecimalSI' && format !== 'DecimalExponent') {
      format = 'DecimalExponent';
    }

    if (format === 'BinarySI' && rounded !== undefined) {
      const [number, exponent] =
        'd' in rounded ? decAsCanonicalBase1024(rounded.d) : amountAsCanonicalBase1024(rounded.i);
      return { number, suffix: constructSuffix(2, exponent * 10, format) };
    }
    const [number, exponent] = this.d !== undefined ? decAsCanonical(this.d) : amountAsCanonical(this.i);
    return { number, suffix: constructSuffix(10, exponent, format) };
  }

  /** The canonical form, regardless of how the quantity was written. */
  toCanonicalString(): string {
    if (this.canonical === undefined) {
      const { number, suffix } = this.canonicalize();
      this.canonical = number + suffix;
    }
    return this.canonical;
  }

  /**
   * String(): the text remembered at parse time when upstream keeps it (see parseQuantity), otherwise
   * the canonical form. This is also what MarshalJSON emits.
   */
  toString(): string {
    return this.cached !== '' ? this.cached : this.toCanonicalString();
  }

  /** MarshalJSON: JSON.stringify prints a quantity as its string. */
  toJSON(): string {
    return this.toString();
  }

  /** DeepCopy: quantities are immutable, so this is the same object. */
  deepCopy(): Quantity {
    return this;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Quantity(${this.toString()})`;
  }
}

/** Quantities by the text they were parsed from: a Quantity is immutable, and a render parses the same
 * few strings (requests, limits, overhead constants) over and over. (A decoded field that must be an object
 * of its own, as a Go value is, comes from Quantity.decodeJSON.) */
const parsedQuantities = new Map<string, Quantity>();
const MAX_PARSED_QUANTITIES = 4096;

function parseQuantity(str: string): Quantity {
  let quantity = parsedQuantities.get(str);
  if (quantity === undefined) {
    quantity = parseQuantityText(str);
    if (parsedQuantities.size >= MAX_PARSED_QUANTITIES) parsedQuantities.clear();
    parsedQuantities.set(str, quantity);
  }
  return quantity;
}

function parseQuantityText(str: string): Quantity {
  const fail = (kind: QuantityParseErrorKind): never => {
    throw new QuantityParseError(kind, str);
  };
  if (str.length === 0) return fail('format');
  if (str === '0') return construct(ZERO_AMOUNT, undefined, 'DecimalSI', str);

  const parts = splitQuantityString(str) ?? fail('format');
  const { positive, value, num, denom } = parts;
  const meaning = interpretSuffix(parts.suffix) ?? fail('suffix');
  const { base, exponent } = meaning;
  let format = meaning.format;

  let precision = 0;
  let scale = 0;
  let mantissa = 1n;
  if (format === 'BinarySI') {
    if (exponent >= 0 && denom.length === 0) {
      mantissa = wrap64(mantissa << BigInt(exponent));
      precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
    } else {
      precision = -1;
    }
  } else {
    scale = exponent;
    precision = MAX_INT64_FACTORS - (num.length + denom.length);
  }

  if (precision >= 0) {
    scale = i32(scale - denom.length);
    if (scale >= NANO) {
      const shifted = num + denom;
      const parsed = BigInt(shifted);
      if (parsed > MAX_INT64) return fail('numeric');
      const [product, ok] = int64Multiply(parsed, mantissa);
      let result = product;
      if (ok) {
        if (!positive) result = wrap64(-result);
        const amount: Int64Amount = { value: result, scale };
        // Upstream remembers the input text when it looks canonical enough; String() then returns it.
        let keep: boolean;
        if (format === 'BinarySI') {
          keep = exponent % 10 === 0 && (parsed & 7n) !== 0n;
        } else {
          keep = scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
        }
        return construct(amount, undefined, format, keep ? str : '');
      }
    }
  }

  let amount = decSetString(value) ?? fail('numeric');
  if (base === 10) {
    amount = { unscaled: amount.unscaled, scale: i32(amount.scale + i32(-exponent)) };
  } else {
    amount = { unscaled: amount.unscaled * (1n << BigInt(exponent)), scale: amount.scale };
  }

  const sign = signOf(amount.unscaled);
  if (sign === -1) amount = { unscaled: -amount.unscaled, scale: amount.scale };
  if (amount.unscaled !== 0n) amount = decRoundUp(amount, -NANO);
  if (format === 'BinarySI' && decCmp(amount, { unscaled: MAX_INT64, scale: 0 }) > 0) {
    amount = { unscaled: MAX_INT64, scale: 0 };
  }
  if (
    format === 'BinarySI' &&
    decCmp(amount, { unscaled: 1n, scale: 0 }) < 0 &&
    decCmp(amount, { unscaled: 0n, scale: 0 }) > 0
  ) {
    format = 'DecimalSI';
  }
  if (sign === -1) amount = { unscaled: -amount.unscaled, scale: amount.scale };
  return construct(ZERO_AMOUNT, amount, format, '');
}

// ---------------------------------------------------------------------------------------------------
// Constructors (upstream NewQuantity & co).

/** resource.NewQuantity(value, format). */
export function newQuantity(value: bigint | number, format: QuantityFormat): Quantity {
  return construct({ value: toInt64(value, 'value'), scale: 0 }, undefined, format);
}

/** resource.NewMilliQuantity(value, format): value / 1000. */
export function newMilliQuantity(value: bigint | number, format: QuantityFormat): Quantity {
  return construct({ value: toInt64(value, 'value'), scale: Scale.Milli }, undefined, format);
}

/**
 * resource.NewScaledQuantity(value, scale): value * 10^scale in DecimalSI. The optional format is an
 * extension (upstream always uses DecimalSI; other formats correspond to setting Format afterwards).
 */
export function newScaledQuantity(
  value: bigint | number,
  scale: number,
  format: QuantityFormat = 'DecimalSI',
): Quantity {
  return construct({ value: toInt64(value, 'value'), scale: toScale(scale) }, undefined, format);
}

/**
 * resource.NewDecimalQuantity(inf.NewDec(unscaled, scale), format): unscaled * 10^-scale, held as an
 * inf.Dec (note the inf.Dec convention: scale counts fractional digits).
 */
export function newDecimalQuantity(
  unscaled: bigint | number,
  scale: number,
  format: QuantityFormat,
): Quantity {
  const u = typeof unscaled === 'number' ? toInt64(unscaled, 'unscaled') : unscaled;
  return construct(ZERO_AMOUNT, { unscaled: u, scale: toScale(scale) }, format);
}

/** resource.MustParse: parse or throw, with upstream's panic message. */
export function mustParse(str: string): Quantity {
  try {
    return Quantity.parse(str);
  } catch (err) {
    if (err instanceof QuantityParseError) {
      throw new QuantityParseError(err.kind, str, `cannot parse '${str}': ${err.message}`);
    }
    throw err;
  }
}

/**
 * What a Go struct round trip (UnmarshalJSON then MarshalJSON) does to a quantity field: parse, then
 * print either the remembered input or the canonical form. Throws QuantityParseError on bad input.
 */
export function formatQuantityString(input: string | number): string {
  return Quantity.fromJSON(input).toString();
}
