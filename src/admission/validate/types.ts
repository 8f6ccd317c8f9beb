// The verdict shapes of virt-api's validating webhooks and k8s.io/apimachinery's field.Path.
// upstream: k8s.io/apimachinery/pkg/apis/meta/v1 StatusCause, pkg/util/webhooks ToAdmissionResponse,
// k8s.io/apimachinery/pkg/util/validation/field path.go

/** metav1.StatusCause: why a request was refused. `field` is '' where upstream leaves it unset. */
export interface AdmissionCause {
  type: string;
  field: string;
  message: string;
}

/**
 * The admission response: allowed, or the causes of the refusal. `message` (refusals only) is the
 * status message upstream builds from the causes.
 */
export interface AdmissionVerdict {
  allowed: boolean;
  causes: AdmissionCause[];
  message?: string;
  /** Warnings of an admitted request (upstream: AdmissionResponse.Warnings). */
  warnings?: string[];
}

// metav1.CauseType values
export const CauseType = {
  FieldValueNotFound: 'FieldValueNotFound',
  FieldValueRequired: 'FieldValueRequired',
  FieldValueDuplicate: 'FieldValueDuplicate',
  FieldValueInvalid: 'FieldValueInvalid',
  FieldValueNotSupported: 'FieldValueNotSupported',
  // upstream metav1.CauseTypeForbidden
  Forbidden: 'FieldValueForbidden',
  UnexpectedServerResponse: 'UnexpectedServerResponse',
} as const;

export function cause(type: string, message: string, field: string | FieldPath = ''): AdmissionCause {
  return { type, field: typeof field === 'string' ? field : field.toString(), message };
}

/**
 * An immutable field.Path: `spec.domain.devices.disks[0].name`. Its text is put together only when asked
 * for: validators build a path for every field they look at, and most fields are fine.
 */
export class FieldPath {
  private text: string | undefined;

  private constructor(
    private readonly parent: FieldPath | undefined,
    /** Names to append with dots, or an index or key to append in brackets. */
    private readonly step: readonly string[] | { readonly bracket: string },
  ) {}

  static of(...names: string[]): FieldPath {
    return new FieldPath(undefined, names);
  }

  child(...names: string[]): FieldPath {
    if (names.length === 0) return this;
    return new FieldPath(this, names);
  }

  index(i: number): FieldPath {
    return new FieldPath(this, { bracket: String(i) });
  }

  key(k: string): FieldPath {
    return new FieldPath(this, { bracket: k });
  }

  toString(): string {
    if (this.text === undefined) {
      const base = this.parent?.toString() ?? '';
      const { step } = this;
      if ('bracket' in step) this.text = `${base}[${step.bracket}]`;
      else this.text = base === '' ? step.join('.') : `${base}.${step.join('.')}`;
    }
    return this.text;
  }
}

const MAX_CAUSES_IN_RESPONSE = 10;

/**
 * upstream: webhookutils.ToAdmissionResponse — at most ten causes are returned, and the message joins
 * their messages (", and N more validation errors" when some were cut).
 */
export function toAdmissionVerdict(causes: readonly AdmissionCause[]): AdmissionVerdict {
  if (causes.length === 0) return { allowed: true, causes: [] };
  const kept = causes.slice(0, MAX_CAUSES_IN_RESPONSE);
  let message = '';
  for (const c of kept) message = message === '' ? c.message : `${message}, ${c.message}`;
  if (causes.length > MAX_CAUSES_IN_RESPONSE) {
    message = `${message}, and ${causes.length - MAX_CAUSES_IN_RESPONSE} more validation errors`;
  }
  return { allowed: false, causes: kept, message };
}
