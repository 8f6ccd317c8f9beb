// Go float64 behaviours the render reproduces: strconv.ParseFloat, fmt's %g and float64 -> int64 conversion.

const MIN_INT64 = -(1n << 63n);
const TWO_POW_63 = 2 ** 63;

/**
 * Go's int64(f) conversion. In range it truncates toward zero; out of range (or NaN) the result is
 * implementation-specific: amd64 (CVTTSD2SQ) gives the minimum int64, arm64 (FCVTZS) saturates and maps
 * NaN to 0. Other architectures are treated like amd64.
 */
export function float64ToInt64(value: number, arch = 'amd64'): bigint {
  if (Number.isFinite(value) && value > -TWO_POW_63 - 1 && value < TWO_POW_63) {
    const truncated = BigInt(Math.trunc(value));
    if (truncated >= MIN_INT64) return truncated;
  }
  if (arch === 'arm64') {
    if (Number.isNaN(value)) return 0n;
    return value > 0 ? (1n << 63n) - 1n : MIN_INT64;
  }
  return MIN_INT64;
}

const DECIMAL_FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/;
const SPECIAL_FLOAT = /^([+-]?)(inf|infinity|nan)$/i;

// upstream: strconv underscoreOK — underscores only between digits (or after a base prefix)
function underscoreOK(text: string): boolean {
  let s = text;
  if (s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  let saw = '^';
  let i = 0;
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && 'box'.includes((s[1] ?? '').toLowerCase())) {
    i = 2;
    saw = '0';
    hex = (s[1] ?? '').toLowerCase() === 'x';
  }
  for (; i < s.length; i++) {
    const c = s[i] ?? '';
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

/**
 * strconv.ParseFloat(s, 64): the value, or undefined where Go returns an error (syntax errors and values
 * that overflow to ±Inf).
 */
export function goParseFloat(text: string): number | undefined {
  const special = SPECIAL_FLOAT.exec(text);
  if (special) {
    if (special[2]?.toLowerCase() === 'nan') return special[1] === '' ? Number.NaN : undefined;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  if (text.includes('_') && !underscoreOK(text)) return undefined;
  const digits = text.replaceAll('_', '');
  let value: number;
  if (DECIMAL_FLOAT.test(digits)) {
    value = Number(digits);
  } else {
    const hex = HEX_FLOAT.exec(digits);
    if (!hex) return undefined;
    const intDigits = hex[2] ?? '';
    const fracDigits = hex[3] ?? '';
    if (intDigits === '' && fracDigits === '') return undefined;
    const mantissa = BigInt(`0x${intDigits}${fracDigits}`);
    const exponent = Number(hex[4]) - 4 * fracDigits.length;
    value = Number(mantissa) * 2 ** exponent;
    if (hex[1] === '-') value = -value;
  }
  return Number.isFinite(value) ? value : undefined;
}

/** fmt.Sprintf("%g", value) for a float64 (shortest representation, exponent form below 1e-4 or from 1e6). */
export function goFormatG(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  // %g prints plain decimals for exponents -4 to 5, as JavaScript's shortest form does in that range
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude < 1e6) return String(value);
  const parts = value.toExponential().split('e');
  const mantissa = parts[0] ?? '';
  const exponent = Number(parts[1] ?? '0');
  if (exponent < -4 || exponent >= 6) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return String(value);
}
