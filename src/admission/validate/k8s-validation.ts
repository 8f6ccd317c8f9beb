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

// (Go's net parsing: src/util/go/net.ts, re-exported for the validators)
export { isIPv4, parseIP, parseMAC } from '../../util/go/net.js';

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
