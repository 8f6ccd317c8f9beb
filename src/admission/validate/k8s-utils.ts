// Pod affinity and topology spread checks copied by KubeVirt from kubernetes' core validation.
// upstream: pkg/virt-api/webhooks/validating-webhook/admitters/validate-k8s-utils.go
import type { Affinity, NodeSelectorRequirement, NodeSelectorTerm } from '../../types/k8s.js';
import type {
  TopologySpreadConstraint,
  PodAffinityTerm,
  WeightedPodAffinityTerm,
} from 'kubernetes-types/core/v1.js';
import {
  badValue,
  fieldDuplicate,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  validateLabelName,
  validateLabelSelector,
  validateNamespaceName,
  validateNodeName,
  type FieldError,
} from './k8s-validation.js';
import type { FieldPath } from './types.js';

const isNotPositiveErrorMsg = 'must be greater than zero';

// upstream: validateAffinity
export function validateAffinity(affinity: Affinity | null | undefined, fldPath: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (affinity == null) return errs;
  if (affinity.nodeAffinity != null) {
    const na = affinity.nodeAffinity;
    const path = fldPath.child('nodeAffinity');
    if (na.requiredDuringSchedulingIgnoredDuringExecution != null) {
      errs.push(
        ...validateNodeSelector(
          na.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms ?? [],
          path.child('requiredDuringSchedulingIgnoredDuringExecution'),
        ),
      );
    }
    const preferred = na.preferredDuringSchedulingIgnoredDuringExecution ?? [];
    if (preferred.length > 0) {
      const prefPath = path.child('preferredDuringSchedulingIgnoredDuringExecution');
      preferred.forEach((term, i) => {
        const weight = term.weight ?? 0;
        if (weight <= 0 || weight > 100) {
          errs.push(
            fieldInvalid(
              prefPath.index(i).child('weight'),
              badValue.int(weight),
              'must be in the range 1-100',
            ),
          );
        }
        errs.push(...validateNodeSelectorTerm(term.preference ?? {}, prefPath.index(i).child('preference')));
      });
    }
  }
  for (const [key, value] of [
    ['podAffinity', affinity.podAffinity],
    ['podAntiAffinity', affinity.podAntiAffinity],
  ] as const) {
    if (value == null) continue;
    const path = fldPath.child(key);
    if (value.requiredDuringSchedulingIgnoredDuringExecution != null) {
      const reqPath = path.child('requiredDuringSchedulingIgnoredDuringExecution');
      value.requiredDuringSchedulingIgnoredDuringExecution.forEach((term, i) => {
        errs.push(...validatePodAffinityTerm(term, reqPath.index(i)));
      });
    }
    if (value.preferredDuringSchedulingIgnoredDuringExecution != null) {
      errs.push(
        ...validateWeightedPodAffinityTerms(
          value.preferredDuringSchedulingIgnoredDuringExecution,
          path.child('preferredDuringSchedulingIgnoredDuringExecution'),
        ),
      );
    }
  }
  return errs;
}

function validateWeightedPodAffinityTerms(
  terms: WeightedPodAffinityTerm[],
  fldPath: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  terms.forEach((term, j) => {
    const weight = term.weight ?? 0;
    if (weight <= 0 || weight > 100) {
      errs.push(
        fieldInvalid(fldPath.index(j).child('weight'), badValue.int(weight), 'must be in the range 1-100'),
      );
    }
    errs.push(
      ...validatePodAffinityTerm(
        term.podAffinityTerm ?? { topologyKey: '' },
        fldPath.index(j).child('podAffinityTerm'),
      ),
    );
  });
  return errs;
}

// upstream: validatePodAffinityTerm
function validatePodAffinityTerm(term: PodAffinityTerm, fldPath: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  errs.push(...validateLabelSelector(term.labelSelector, fldPath.child('labelSelector')));
  errs.push(...validateLabelSelector(term.namespaceSelector, fldPath.child('namespaceSelector')));
  for (const name of term.namespaces ?? []) {
    for (const msg of validateNamespaceName(name)) {
      errs.push(fieldInvalid(fldPath.child('namespace'), badValue.str(name), msg));
    }
  }
  const topologyKey = term.topologyKey ?? '';
  if (topologyKey.length === 0) errs.push(fieldRequired(fldPath.child('topologyKey'), 'can not be empty'));
  errs.push(...validateLabelName(topologyKey, fldPath.child('topologyKey')));
  return errs;
}

// upstream: ValidateNodeSelector
function validateNodeSelector(terms: NodeSelectorTerm[], fldPath: FieldPath): FieldError[] {
  const termFldPath = fldPath.child('nodeSelectorTerms');
  if (terms.length === 0) return [fieldRequired(termFldPath, 'must have at least one node selector term')];
  return terms.flatMap((term, i) => validateNodeSelectorTerm(term, termFldPath.index(i)));
}

// upstream: ValidateNodeSelectorTerm
function validateNodeSelectorTerm(term: NodeSelectorTerm, fldPath: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  (term.matchExpressions ?? []).forEach((req, j) => {
    errs.push(...validateNodeSelectorRequirement(req, fldPath.child('matchExpressions').index(j)));
  });
  (term.matchFields ?? []).forEach((req, j) => {
    errs.push(...validateNodeFieldSelectorRequirement(req, fldPath.child('matchFields').index(j)));
  });
  return errs;
}

// upstream: ValidateNodeSelectorRequirement
function validateNodeSelectorRequirement(rq: NodeSelectorRequirement, fldPath: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const values = rq.values ?? [];
  switch (rq.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) {
        errs.push(
          fieldRequired(fldPath.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"),
        );
      }
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) {
        errs.push(
          fieldForbidden(
            fldPath.child('values'),
            "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
          ),
        );
      }
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) {
        errs.push(
          fieldRequired(
            fldPath.child('values'),
            "must be specified single value when `operator` is 'Lt' or 'Gt'",
          ),
        );
      }
      break;
    default:
      errs.push(
        fieldInvalid(
          fldPath.child('operator'),
          badValue.str(rq.operator ?? ''),
          'not a valid selector operator',
        ),
      );
  }
  errs.push(...validateLabelName(rq.key ?? '', fldPath.child('key')));
  return errs;
}

// upstream: ValidateNodeFieldSelectorRequirement
function validateNodeFieldSelectorRequirement(
  req: NodeSelectorRequirement,
  fldPath: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      if (values.length !== 1) {
        errs.push(
          fieldRequired(
            fldPath.child('values'),
            "must be only one value when `operator` is 'In' or 'NotIn' for node field selector",
          ),
        );
      }
      break;
    default:
      errs.push(
        fieldInvalid(
          fldPath.child('operator'),
          badValue.str(req.operator ?? ''),
          'not a valid selector operator',
        ),
      );
  }
  if (req.key !== 'metadata.name') {
    errs.push(
      fieldInvalid(fldPath.child('key'), badValue.str(req.key ?? ''), 'not a valid field selector key'),
    );
  } else {
    values.forEach((v, i) => {
      for (const msg of validateNodeName(v))
        errs.push(fieldInvalid(fldPath.child('values').index(i), badValue.str(v), msg));
    });
  }
  return errs;
}

const supportedScheduleActions = ['DoNotSchedule', 'ScheduleAnyway'];

// upstream: validateTopologySpreadConstraints
export function validateTopologySpreadConstraints(
  constraints: TopologySpreadConstraint[],
  fldPath: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  constraints.forEach((constraint, i) => {
    const subFldPath = fldPath.index(i);
    const maxSkew = constraint.maxSkew ?? 0;
    if (maxSkew <= 0)
      errs.push(fieldInvalid(subFldPath.child('maxSkew'), badValue.int(maxSkew), isNotPositiveErrorMsg));
    const topologyKey = constraint.topologyKey ?? '';
    if (topologyKey.length === 0)
      errs.push(fieldRequired(subFldPath.child('topologyKey'), 'can not be empty'));
    else errs.push(...validateLabelName(topologyKey, subFldPath.child('topologyKey')));
    const action = constraint.whenUnsatisfiable ?? '';
    if (!supportedScheduleActions.includes(action)) {
      errs.push(
        fieldNotSupported(
          subFldPath.child('whenUnsatisfiable'),
          badValue.str(action),
          supportedScheduleActions,
        ),
      );
    }
    // upstream validates the label selector under the list's path, not the item's
    errs.push(...validateLabelSelector(constraint.labelSelector, fldPath.child('labelSelector')));
    const repeat = constraints
      .slice(i + 1)
      .some((rest) => (rest.topologyKey ?? '') === topologyKey && (rest.whenUnsatisfiable ?? '') === action);
    if (repeat) {
      errs.push(
        fieldDuplicate(
          subFldPath.child('{topologyKey, whenUnsatisfiable}'),
          badValue.str(`{${topologyKey}, ${action}}`),
        ),
      );
    }
  });
  return errs;
}
