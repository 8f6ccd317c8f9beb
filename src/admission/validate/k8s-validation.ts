// The pieces of k8s.io/apimachinery validation and of the Go standard library that virt-api's
// validators call, with their exact messages.
// upstream: k8s.io/apimachinery/pkg/util/validation (validation.go, field/errors.go),
// k8s.io/apimachinery/pkg/apis/meta/v1/validation, k8s.io/apimachinery/pkg/api/validation (generic.go),
// Go 1.22 net.ParseIP / net.ParseMAC / encoding/base64 / strconv.Atoi
import type { KubeVirtRelease } from '../../release/release.js';
import { goJSONString } from '../../util/go/json.js';
import { quote } from '../../util/go/strconv.js';
import type { FieldPath } from './types.js';
import { isQualifiedName, isValidLabelValue } from '../../util/validation.js';

// (re-exported: the validators of this package import them from here, as upstream's from apimachinery)
export * from '../../util/validation.js';

// --- field.Error (k8s.io/apimachinery/pkg/util/validation/field/errors.go) ---

type ErrorType = 'Required' | 'Forbidden' | 'Invalid' | 'NotSupported' | 'Duplicate';

const errorTypeText: Record<ErrorType, string> = {
  Required: 'Required value',
  Forbidden: 'Forbidden',
  Invalid: 'Invalid value',
  NotSupported: 'Unsupported value',
  Duplicate: 'Duplicate value',
};

/**
 * A bad value as Go prints it in a field.Error: integers plainly, strings quoted like strconv.Quote, and
 * values of a named string type (metav1.LabelSelectorOperator) by release: v1.4.0's apimachinery prints them
 * with %#v (quoted like a string), v1.9.0's (v0.34) with json.Marshal (`<` as `\u003c`, ...).
 */
export type BadValue =
  | { kind: 'int'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'named'; value: string }
  | { kind: 'none' };

export interface FieldError {
  type: ErrorType;
  field: string;
  badValue: BadValue;
  detail: string;
}

function badValueText(value: Exclude<BadValue, { kind: 'none' }>, release: KubeVirtRelease): string {
  switch (value.kind) {
    case 'int':
      return String(value.value);
    case 'string':
      return quote(value.value);
    case 'named':
      return release.atLeast('v1.9.0') ? goJSONString(value.value) : quote(value.value);
  }
}

// upstream: (*field.Error).ErrorBody, of the apimachinery the release vendors
function errorBody(e: FieldError, release: KubeVirtRelease): string {
  let s = errorTypeText[e.type];
  if (e.type !== 'Required' && e.type !== 'Forbidden' && e.badValue.kind !== 'none') {
    s += `: ${badValueText(e.badValue, release)}`;
  }
  if (e.detail.length !== 0) s += `: ${e.detail}`;
  return s;
}

// upstream: (*field.Error).Error
export function fieldErrorString(e: FieldError, release: KubeVirtRelease): string {
  return `${e.field}: ${errorBody(e, release)}`;
}

const str = (value: string): BadValue => ({ kind: 'string', value });
const int = (value: number): BadValue => ({ kind: 'int', value });
const named = (value: string): BadValue => ({ kind: 'named', value });
export const badValue = { str, int, named };

export function fieldRequired(field: FieldPath, detail: string): FieldError {
  return { type: 'Required', field: field.toString(), badValue: { kind: 'none' }, detail };
}
export function fieldForbidden(field: FieldPath, detail: string): FieldError {
  return { type: 'Forbidden', field: field.toString(), badValue: { kind: 'none' }, detail };
}
export function fieldInvalid(field: FieldPath, value: BadValue, detail: string): FieldError {
  return { type: 'Invalid', field: field.toString(), badValue: value, detail };
}
export function fieldDuplicate(field: FieldPath, value: BadValue): FieldError {
  return { type: 'Duplicate', field: field.toString(), badValue: value, detail: '' };
}
export function fieldNotSupported(field: FieldPath, value: BadValue, validValues: string[]): FieldError {
  const detail =
    validValues.length > 0 ? `supported values: ${validValues.map((v) => quote(v)).join(', ')}` : '';
  return { type: 'NotSupported', field: field.toString(), badValue: value, detail };
}

// --- apis/meta/v1/validation ---

interface LabelSelectorLike {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: { key: string; operator: string; values?: string[] | null }[] | null;
}

// upstream: metav1validation.ValidateLabelName
export function validateLabelName(labelName: string, fldPath: FieldPath): FieldError[] {
  return isQualifiedName(labelName).map((msg) => fieldInvalid(fldPath, str(labelName), msg));
}

// upstream: metav1validation.ValidateLabels (Go walks the map in random order; keys are sorted here)
export function validateLabels(
  labels: Record<string, string> | null | undefined,
  fldPath: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of Object.keys(labels ?? {}).sort()) {
    const v = labels![k] ?? '';
    errs.push(...validateLabelName(k, fldPath));
    errs.push(...isValidLabelValue(v).map((msg) => fieldInvalid(fldPath, str(v), msg)));
  }
  return errs;
}

// upstream: metav1validation.ValidateLabelSelector (default options)
export function validateLabelSelector(
  ps: LabelSelectorLike | null | undefined,
  fldPath: FieldPath,
): FieldError[] {
  if (ps == null) return [];
  const errs = validateLabels(ps.matchLabels, fldPath.child('matchLabels'));
  (ps.matchExpressions ?? []).forEach((expr, i) => {
    const path = fldPath.child('matchExpressions').index(i);
    const values = expr.values ?? [];
    switch (expr.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) {
          errs.push(
            fieldRequired(path.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"),
          );
        }
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) {
          errs.push(
            fieldForbidden(
              path.child('values'),
              "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
            ),
          );
        }
        break;
      default:
        errs.push(
          fieldInvalid(path.child('operator'), named(expr.operator ?? ''), 'not a valid selector operator'),
        );
    }
    errs.push(...validateLabelName(expr.key ?? '', path.child('key')));
    values.forEach((value, valueIndex) => {
      for (const msg of isValidLabelValue(value)) {
        errs.push(fieldInvalid(path.child('values').index(valueIndex), str(value), msg));
      }
    });
  });
  return errs;
}

// --- Go standard library ---

// upstream: net/netip parseIPv4 (validity only)
function parseIPv4(s: string): number[] | undefined {
  const fields: number[] = [];
  let val = 0;
  let digLen = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c >= '0' && c <= '9') {
      if (digLen === 1 && val === 0) return undefined;
      val = val * 10 + (c.charCodeAt(0) - 48);
      digLen++;
      if (val > 255) return undefined;
    } else if (c === '.') {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') return undefined;
      if (fields.length === 3) return undefined;
      fields.push(val);
      val = 0;
      digLen = 0;
    } else {
      return undefined;
    }
  }
  if (fields.length < 3) return undefined;
  fields.push(val);
  return fields;
}

// upstream: net/netip parseIPv6 (returns the 16 bytes; a zone is reported separately)
function parseIPv6(input: string): { ip: number[]; zone: string } | undefined {
  let s = input;
  let zone = '';
  const pct = s.indexOf('%');
  if (pct !== -1) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === '') return undefined;
  }
  const ip = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { ip, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const c = s[off]!;
      const d = parseInt(c, 16);
      if (!/[0-9a-fA-F]/.test(c) || Number.isNaN(d)) break;
      acc = acc * 16 + d;
      if (off > 3) return undefined;
      if (acc > 0xffff) return undefined;
    }
    if (off === 0) return undefined;
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) return undefined;
      if (i + 4 > 16) return undefined;
      const ip4 = parseIPv4(s);
      if (!ip4) return undefined;
      ip.splice(i, 4, ...ip4);
      i += 4;
      s = '';
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ':') return undefined;
    if (s.length === 1) return undefined;
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) return undefined;
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return undefined;
  if (i < 16) {
    if (ellipsis < 0) return undefined;
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!;
    for (let j = ellipsis; j < ellipsis + n; j++) ip[j] = 0;
  } else if (ellipsis >= 0) {
    return undefined;
  }
  return { ip, zone };
}

/** Go's net.ParseIP: the 16-byte form, or undefined when invalid. */
export function parseIP(s: string): number[] | undefined {
  for (const c of s) {
    if (c === '.') {
      const v4 = parseIPv4(s);
      return v4 ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4] : undefined;
    }
    if (c === ':') {
      const v6 = parseIPv6(s);
      return v6 && v6.zone === '' ? v6.ip : undefined;
    }
    if (c === '%') return undefined;
  }
  return undefined;
}

// upstream: k8s.io/utils/net ParseIPSloppy (Go's pre-1.17 parser: leading zeros allowed) — IPv4 part
function parseIPv4Sloppy(s: string): number[] | undefined {
  const p: number[] = [];
  for (let i = 0; i < 4; i++) {
    if (s.length === 0) return undefined;
    if (i > 0) {
      if (s[0] !== '.') return undefined;
      s = s.slice(1);
    }
    const m = /^[0-9]+/.exec(s);
    if (!m || m[0].length > 8 || Number(m[0]) > 0xff) return undefined;
    s = s.slice(m[0].length);
    p.push(Number(m[0]));
  }
  return s.length === 0 ? p : undefined;
}

// ParseIPSloppy — IPv6 part
function parseIPv6Sloppy(s: string): number[] | undefined {
  const ip = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return ip;
  }
  let i = 0;
  while (i < 16) {
    const m = /^[0-9a-fA-F]+/.exec(s);
    if (!m) return undefined;
    let n = 0;
    for (const ch of m[0]) {
      n = n * 16 + parseInt(ch, 16);
      if (n >= 0xffffff) return undefined;
    }
    if (n > 0xffff) return undefined;
    const c = m[0].length;
    if (c < s.length && s[c] === '.') {
      if (ellipsis < 0 && i !== 12) return undefined;
      if (i + 4 > 16) return undefined;
      const ip4 = parseIPv4Sloppy(s);
      if (!ip4) return undefined;
      ip.splice(i, 4, ...ip4);
      s = '';
      i += 4;
      break;
    }
    ip[i] = n >> 8;
    ip[i + 1] = n & 0xff;
    i += 2;
    s = s.slice(c);
    if (s.length === 0) break;
    if (s[0] !== ':' || s.length === 1) return undefined;
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) return undefined;
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return undefined;
  if (i < 16) {
    if (ellipsis < 0) return undefined;
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!;
    for (let j = ellipsis + n - 1; j >= ellipsis; j--) ip[j] = 0;
  } else if (ellipsis >= 0) {
    return undefined;
  }
  return ip;
}

/** k8s.io/utils/net.ParseIPSloppy: the 16-byte form, or undefined. */
export function parseIPSloppy(s: string): number[] | undefined {
  for (const c of s) {
    if (c === '.') {
      const v4 = parseIPv4Sloppy(s);
      return v4 ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4] : undefined;
    }
    if (c === ':') return parseIPv6Sloppy(s);
  }
  return undefined;
}

const isV4Mapped = (ip: number[]): boolean =>
  ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;

/** Go's net.IP.String for a 16-byte address (dotted for IPv4-mapped, RFC 5952 otherwise). */
export function formatIP(ip: number[]): string {
  if (isV4Mapped(ip)) return ip.slice(12).join('.');
  const groups = Array.from({ length: 8 }, (_, g) => (ip[2 * g]! << 8) | ip[2 * g + 1]!);
  let zeroStart = 255;
  let zeroEnd = 255;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    const l = j - i;
    if (l >= 2 && l > zeroEnd - zeroStart) {
      zeroStart = i;
      zeroEnd = j;
    }
  }
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === zeroStart) {
      out += '::';
      i = zeroEnd;
      if (i >= 8) break;
    } else if (i > 0) {
      out += ':';
    }
    out += groups[i]!.toString(16);
  }
  return out;
}

/**
 * upstream: api/core/v1 sanitizeIP — what decoding a VMI does to DNS nameservers and DHCP NTP servers:
 * addresses ParseIPSloppy accepts are re-printed canonically (`01.2.3.4` -> `1.2.3.4`), others kept.
 */
export function sanitizeIP(address: string): string {
  const ip = parseIPSloppy(address);
  return ip ? formatIP(ip) : address;
}

/** Go's net.ParseIP(s).To4() != nil. */
export function isIPv4(s: string): boolean {
  const ip = parseIP(s);
  return ip !== undefined && isV4Mapped(ip);
}

// upstream: net.xtoi2 — exactly two hex digits, followed by the separator e (or the end)
function xtoi2(s: string, e: string): boolean {
  if (s.length > 2 && s[2] !== e) return false;
  return /^[0-9a-fA-F]{2}$/.test(s.slice(0, 2));
}

/** Go 1.22 net.ParseMAC: the address length in bytes, or undefined when invalid. */
export function parseMAC(s: string): number | undefined {
  if (s.length < 14) return undefined;
  if (s[2] === ':' || s[2] === '-') {
    if ((s.length + 1) % 3 !== 0) return undefined;
    const n = (s.length + 1) / 3;
    if (n !== 6 && n !== 8 && n !== 20) return undefined;
    for (let x = 0, i = 0; i < n; i++, x += 3) if (!xtoi2(s.slice(x), s[2])) return undefined;
    return n;
  }
  if (s[4] === '.') {
    if ((s.length + 1) % 5 !== 0) return undefined;
    const n = (2 * (s.length + 1)) / 5;
    if (n !== 6 && n !== 8 && n !== 20) return undefined;
    for (let x = 0, i = 0; i < n; i += 2, x += 5) {
      if (!xtoi2(s.slice(x, x + 2), '')) return undefined;
      if (!xtoi2(s.slice(x + 2), s[4])) return undefined;
    }
    return n;
  }
  return undefined;
}

/**
 * Go's base64.StdEncoding.DecodeString: the decoded length, and whether it failed (newlines are
 * ignored; padding is required; trailing bits may be non-zero).
 */
export function base64DecodedLength(s: string): { length: number; ok: boolean } {
  const data = s.replace(/[\r\n]/g, '');
  const full = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
  if (full.test(data)) {
    const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
    return { length: (data.length / 4) * 3 - padding, ok: true };
  }
  // what was decoded before the first bad quantum
  const prefix = /^(?:[A-Za-z0-9+/]{4})*/.exec(data)?.[0] ?? '';
  return { length: (prefix.length / 4) * 3, ok: false };
}

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);

/** Go's strconv.Atoi on a 64-bit platform: the value, or the error text. */
export function atoi(s: string): { value: bigint } | { error: string } {
  if (!/^[+-]?[0-9]+$/.test(s)) return { error: `strconv.Atoi: parsing ${quote(s)}: invalid syntax` };
  const value = BigInt(s);
  if (value > MAX_INT64 || value < MIN_INT64) {
    return { error: `strconv.Atoi: parsing ${quote(s)}: value out of range` };
  }
  return { value };
}

/** fmt's %v of a []string: `[a b c]`. */
export function goStringSlice(values: readonly string[]): string {
  return `[${values.join(' ')}]`;
}
