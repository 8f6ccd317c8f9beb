// HyperV enlightenment dependencies filled in at VMI creation.
// upstream: pkg/defaults/hyperv.go
import type { VMISpec } from '../../types/kubevirt.js';

type FeatureState = { enabled?: boolean | null } | null | undefined;
type Hyperv = NonNullable<NonNullable<VMISpec['domain']['features']>['hyperv']>;

/** A FeatureState slot (the Go **FeatureState): read it, or replace it. */
interface StateSlot {
  get(): FeatureState;
  set(state: { enabled?: boolean | null }): void;
}

export interface HypervFeature {
  state: StateSlot;
  field: string;
  requires?: HypervFeature;
}

const isMissing = (state: FeatureState): boolean => state == null || state.enabled == null;
const isEnabled = (state: FeatureState): boolean => !isMissing(state) && state?.enabled === true;

// upstream: enableFeatureState
function enableFeatureState(slot: StateSlot): void {
  const state = slot.get() ?? {};
  state.enabled = true;
  slot.set(state);
}

function fieldSlot(
  hyperv: Hyperv,
  key: 'vpindex' | 'synic' | 'vapic' | 'evmcs' | 'ipi' | 'tlbflush',
): StateSlot {
  return {
    get: () => hyperv[key],
    set: (state) => {
      hyperv[key] = state as { enabled?: boolean };
    },
  };
}

/** Human text of an unmet dependency (also the validating webhook's cause message). */
export function hypervFeatureString(feature: HypervFeature): string {
  if (!feature.requires) return `'${feature.field}' is missing`;
  return `'${feature.field}' requires '${feature.requires.field}', which was disabled.`;
}

// upstream: HypervFeature.TryToSetRequirement; returns the error text, if any
function tryToSetRequirement(feature: HypervFeature): string | undefined {
  if (!isEnabled(feature.state.get()) || !feature.requires) return undefined;
  if (isMissing(feature.requires.state.get())) {
    enableFeatureState(feature.requires.state);
    return undefined;
  }
  if (isEnabled(feature.requires.state.get())) return undefined;
  return hypervFeatureString(feature);
}

// upstream: getHypervFeatureDependencies (leaves first)
export function getHypervFeatureDependencies(fieldPrefix: string, spec: VMISpec): HypervFeature[] {
  const hyperv = spec.domain.features?.hyperv;
  if (hyperv == null) return [];
  const field = `${fieldPrefix}.domain.features.hyperv`;

  const vpindex: HypervFeature = { state: fieldSlot(hyperv, 'vpindex'), field: `${field}.vpindex` };
  const synic: HypervFeature = {
    state: fieldSlot(hyperv, 'synic'),
    field: `${field}.synic`,
    requires: vpindex,
  };
  const vapic: HypervFeature = { state: fieldSlot(hyperv, 'vapic'), field: `${field}.vapic` };
  // synictimer is not a FeatureState upstream: a detached copy of its `enabled` is checked.
  let synicTimer: FeatureState = { enabled: hyperv.synictimer?.enabled ?? null };
  const synicTimerSlot: StateSlot = {
    get: () => synicTimer,
    set: (state) => {
      synicTimer = state;
    },
  };

  return [
    { state: fieldSlot(hyperv, 'evmcs'), field: `${field}.evmcs`, requires: vapic },
    { state: fieldSlot(hyperv, 'ipi'), field: `${field}.ipi`, requires: vpindex },
    { state: fieldSlot(hyperv, 'tlbflush'), field: `${field}.tlbflush`, requires: vpindex },
    { state: synicTimerSlot, field: `${field}.synictimer`, requires: synic },
    synic,
  ];
}

/**
 * upstream: SetHypervFeatureDependencies. Enables the features that enabled enlightenments need when
 * the user left them unset; stops at the first explicitly disabled dependency (returning its message,
 * which the caller only logs upstream) and then skips the EVMCS -> vmx CPU feature step.
 */
export function setHypervFeatureDependencies(spec: VMISpec): string | undefined {
  for (const feature of getHypervFeatureDependencies('spec', spec)) {
    const problem = tryToSetRequirement(feature);
    if (problem !== undefined) return problem;
  }
  const evmcs = spec.domain.features?.hyperv?.evmcs;
  if (evmcs != null && (evmcs.enabled == null || evmcs.enabled)) setEVMCSDependency(spec);
  return undefined;
}

const VMX_FEATURE = 'vmx';
const REQUIRE_POLICY = 'require';

// upstream: setEVMCSDependency
function setEVMCSDependency(spec: VMISpec): void {
  const required = [{ name: VMX_FEATURE, policy: REQUIRE_POLICY }];
  const cpu = spec.domain.cpu;
  if (cpu == null) {
    spec.domain.cpu = { features: required.map((f) => ({ ...f })) };
    return;
  }
  if ((cpu.features ?? []).length === 0) {
    cpu.features = required.map((f) => ({ ...f }));
    return;
  }
  const features = cpu.features ?? [];
  for (const requiredFeature of required) {
    const existing = features.find((f) => f.name === requiredFeature.name);
    if (existing) {
      if (existing.policy !== requiredFeature.policy) existing.policy = requiredFeature.policy;
    } else {
      features.push({ ...requiredFeature });
    }
  }
  cpu.features = features;
}
