// The library API: render VMIs (or VMs) to launcher Pods without the command line. It checks its inputs as
// the CLI does (src/schema/document-check.ts): bad input raises InvalidInputError with every problem, what
// virt-api would refuse comes back as warnings, and `lint()` reports all of it without throwing.
import { ARCHES, ClusterConfig, type Arch } from './cluster/cluster-config.js';
import { MemoryClusterState, type ClusterObject, type ClusterState } from './state/cluster-state.js';
import { explainRender, type Explanation } from './explain.js';
import { renderDocument, type PipelineResult, type PipelineSettings, type PodNaming } from './pipeline.js';
import {
  dataVolumeOrigin,
  describeMissing,
  findMissingObjects,
  isMissingObjectError,
  namedByError,
  withHint,
} from './missing-objects.js';
import { featureGateHint } from './release/feature-gates.js';
import { podRefusals } from './pod-validation.js';
import { dropNullFields } from './util/objects.js';
import { checkDocument, documentRole, listItems, UNSUPPORTED_KINDS } from './schema/document-check.js';
import { formatPath } from './schema/validate.js';
import { chooseRelease, unsupportedVersionMessage, KUBEVIRT_VERSIONS } from './release/release.js';
import {
  isDNS1123Label,
  isDNS1123Subdomain,
  isUUID,
  NAMESPACE_RULE,
  POD_NAME_RULE,
  UUID_RULE,
} from './util/names.js';
import { InternalError, InvalidInputError, VmiRenderError, type InputProblem } from './errors.js';
import type { Pod } from './types/k8s.js';
import type { KubeVirt, VirtualMachine, VirtualMachineInstance } from './types/kubevirt.js';

/** A `kind: List` of objects (what `kubectl get -o yaml` prints). */
export interface ObjectList {
  kind: string;
  items: unknown[];
}

export interface RenderInputs {
  /** A VirtualMachineInstance or VirtualMachine object (already parsed). */
  document: VirtualMachineInstance | VirtualMachine;
  /** The KubeVirt CR; absent means a fresh install's defaults. */
  kubevirt?: KubeVirt;
  /**
   * Cluster objects the render may look up (PVCs, NADs, ConfigMaps, Namespaces, ResourceQuotas,
   * instancetypes, preferences), or Lists of them.
   */
  objects?: (ClusterObject | ObjectList)[];
  /** Or a ready ClusterState (e.g. backed by informers); wins over `objects`. */
  state?: ClusterState;
  arch?: Arch;
  /** Apply create-time defaults first (default true). */
  admission?: boolean;
  namespace?: string;
  /** The VMI's UID (a UUID; default: derived from namespace and name). */
  uid?: string;
  launcherImage?: string;
  sidecarShimImage?: string;
  /** The KubeVirt release to reproduce (default: from the KubeVirt CR, else the newest). */
  kubevirtVersion?: string;
  /** The Pod's name: `generate` (upstream's generateName, the default), `stable` or a name. */
  podName?: 'generate' | 'stable' | { name: string };
  /** Unknown fields are errors, not warnings. */
  strict?: boolean;
}

/** Something worth knowing that does not stop the render. */
export interface RenderWarning {
  /**
   * `refusal`: virt-api's validating webhook would refuse to create the VM or VMI (field, message as
   * upstream's cause); `input`: a problem in an input that does not stop the render (an unknown field, a
   * skipped object, a release picked by its minor); `cluster-config`: the KubeVirt CR's configuration is
   * invalid and the defaults are used; `api-server`: kube-apiserver would refuse the Pod, which upstream
   * renders so too (the Pod is upstream's).
   */
  kind: 'refusal' | 'input' | 'cluster-config' | 'api-server';
  /** Which input: `document`, `kubevirt`, `objects[1]` (`objects[1].items[0]` in a List), `kubevirtVersion`. */
  input: string;
  /** The field, dotted (`spec.domain.devices.disks[0].name`); empty for the whole object. */
  path: string;
  message: string;
}

export interface RenderOutput {
  /** The launcher Pod, as the API server holds it once created (apiVersion, kind, namespace filled in). */
  pod: Pod;
  /** The VMI that would be created, as stored. */
  vmi: VirtualMachineInstance;
  warnings: RenderWarning[];
}

export interface LintOutput {
  /** No error (with `strict`, no warning either). */
  ok: boolean;
  /** Every problem: in the inputs, the render's failure, and virt-api's refusals (as errors). */
  problems: InputProblem[];
}

interface Prepared {
  problems: InputProblem[];
  document?: VirtualMachineInstance | VirtualMachine;
  config: ClusterConfig;
  state: ClusterState;
  namespace: string;
  podName: PodNaming;
}

const problem = (
  input: string,
  path: string,
  message: string,
  severity: 'error' | 'warning' = 'error',
): InputProblem => ({ location: { file: input }, path, message, severity });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks every input as the CLI checks its files; collects every problem rather than stopping at one. */
function prepare(inputs: RenderInputs): Prepared {
  const problems: InputProblem[] = [];
  if (!isObject(inputs)) {
    throw new InvalidInputError('render() takes an object of inputs', [
      problem('inputs', '', 'must be an object ({ document, kubevirt?, objects?, ... })'),
    ]);
  }
  const strict = inputs.strict === true;
  const namespace = inputs.namespace ?? 'default';
  if (typeof namespace !== 'string' || !isDNS1123Label(namespace))
    problems.push(problem('namespace', '', `must be ${NAMESPACE_RULE}, got ${JSON.stringify(namespace)}`));
  const arch = inputs.arch ?? 'amd64';
  if (!ARCHES.includes(arch))
    problems.push(problem('arch', '', `must be one of ${ARCHES.join(', ')}, got ${JSON.stringify(arch)}`));
  if (inputs.uid !== undefined && (typeof inputs.uid !== 'string' || !isUUID(inputs.uid)))
    problems.push(problem('uid', '', `must be ${UUID_RULE}, got ${JSON.stringify(inputs.uid)}`));
  let podName: PodNaming = { mode: 'generate' };
  const wanted: unknown = inputs.podName;
  if (wanted === 'stable') podName = { mode: 'stable' };
  else if (isObject(wanted) && typeof wanted.name === 'string' && isDNS1123Subdomain(wanted.name))
    podName = { mode: 'name', name: wanted.name };
  else if (wanted !== undefined && wanted !== 'generate')
    problems.push(
      problem(
        'podName',
        '',
        `must be "generate", "stable" or { name } (${POD_NAME_RULE}), got ${JSON.stringify(wanted)}`,
      ),
    );

  // The release decides which schemas apply, so it is chosen from the CR as written.
  const rawKubevirt = isObject(inputs.kubevirt) ? inputs.kubevirt : undefined;
  if (inputs.kubevirt !== undefined && !rawKubevirt)
    problems.push(problem('kubevirt', '', 'must be a KubeVirt object'));
  const chosen = chooseRelease(inputs.kubevirtVersion, rawKubevirt);
  if ('unsupported' in chosen) {
    const input = chosen.source === 'flag' ? 'kubevirtVersion' : 'kubevirt';
    const path = chosen.source === 'flag' ? '' : chosen.source;
    throw new InvalidInputError(unsupportedVersionMessage(chosen.unsupported), [
      ...problems,
      problem(
        input,
        path,
        `${unsupportedVersionMessage(chosen.unsupported)} (supported: ${KUBEVIRT_VERSIONS.join(', ')})`,
      ),
    ]);
  }
  const release = chosen.release;
  if (chosen.warning) {
    const fromFlag = chosen.source === 'flag' || chosen.source === 'default';
    problems.push(
      problem(
        fromFlag ? 'kubevirtVersion' : 'kubevirt',
        fromFlag ? '' : chosen.source,
        chosen.warning,
        'warning',
      ),
    );
  }
  const check = (input: string, kind: string, value: unknown): InputProblem[] => {
    const found = checkDocument(kind, value, { release, strict }).map((issue) =>
      problem(input, formatPath(issue.path), issue.message, issue.severity),
    );
    problems.push(...found);
    return found;
  };
  const hasError = (found: InputProblem[]): boolean => found.some((p) => p.severity === 'error');

  let kubevirt: KubeVirt | undefined;
  if (rawKubevirt) {
    const value = dropNullFields(rawKubevirt);
    if (!hasError(check('kubevirt', 'KubeVirt', value))) kubevirt = value as KubeVirt;
  }
  const config = new ClusterConfig({ arch, release, ...(kubevirt ? { kubevirt } : {}) });

  let state: ClusterState;
  if (inputs.state) state = inputs.state;
  else {
    const memory = new MemoryClusterState([], namespace);
    const objects: unknown = inputs.objects ?? [];
    if (!Array.isArray(objects)) problems.push(problem('objects', '', 'must be a list of objects'));
    else
      objects.forEach((object: unknown, index) => {
        for (const item of listItems(object)) {
          const input = `objects[${index}]${item.path.length ? `.items[${String(item.path[1])}]` : ''}`;
          const value = dropNullFields(item.value);
          const role = documentRole(value);
          if (role.role === 'invalid') problems.push(problem(input, '', `${role.message}`));
          else if (role.role !== 'cluster-object')
            problems.push(
              problem(
                input,
                'kind',
                `skipping ${role.kind}: the render does not consult this kind`,
                'warning',
              ),
            );
          else if (!hasError(check(input, role.kind, value))) memory.add(value as ClusterObject, namespace);
        }
      });
    state = memory;
  }

  // the API server drops null fields before anything sees an object (the CLI does so while validating)
  const value = dropNullFields(inputs.document);
  const role = documentRole(value);
  let document: VirtualMachineInstance | VirtualMachine | undefined;
  if (role.role === 'invalid') problems.push(problem('document', '', role.message));
  else if (role.role !== 'render')
    problems.push(
      problem(
        'document',
        'kind',
        UNSUPPORTED_KINDS[role.kind] ?? `must be VirtualMachineInstance or VirtualMachine, got ${role.kind}`,
      ),
    );
  else if (!hasError(check('document', role.kind, value)))
    document = value as VirtualMachineInstance | VirtualMachine;
  return { problems, ...(document ? { document } : {}), config, state, namespace, podName };
}

function settingsOf(prepared: Prepared, inputs: RenderInputs, explain = false): PipelineSettings {
  return {
    ...(explain ? { explain } : {}),
    config: prepared.config,
    state: prepared.state,
    admission: inputs.admission ?? true,
    namespace: prepared.namespace,
    podName: prepared.podName,
    ...(inputs.uid ? { uid: inputs.uid } : {}),
    ...(inputs.launcherImage ? { launcherImage: inputs.launcherImage } : {}),
    ...(inputs.sidecarShimImage ? { sidecarShimImage: inputs.sidecarShimImage } : {}),
  };
}

function renderPrepared(prepared: Prepared, inputs: RenderInputs, explain = false): PipelineResult {
  try {
    return renderDocument(prepared.document!, settingsOf(prepared, inputs, explain));
  } catch (error) {
    if (error instanceof VmiRenderError) throw error;
    // validated input should never get here: a bug, not the caller's fault
    throw new InternalError(
      `internal error in the render (a bug in vmi-render; please report it with the input): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

function configWarnings(config: ClusterConfig): RenderWarning[] {
  return config.configurationProblem
    ? [
        {
          kind: 'cluster-config',
          input: 'kubevirt',
          path: 'spec.configuration',
          message: `the KubeVirt CR's configuration is invalid (${config.configurationProblem}); using the defaults`,
        },
      ]
    : [];
}

/**
 * The launcher Pod for a VMI or VM. Throws InvalidInputError (with every problem) for input the API
 * server would not take, RenderError where upstream fails to render (a missing PVC...).
 */
export function render(inputs: RenderInputs): RenderOutput {
  return renderExplained(inputs, false).output;
}

export interface ExplainOutput extends RenderOutput {
  /** Where the Pod's memory and CPU figures and node selectors come from (see the README's `explain`). */
  explanation: Explanation;
}

/** Like render(), and where the Pod's figures come from: the terms the render recorded while rendering. */
export function explain(inputs: RenderInputs): ExplainOutput {
  const { output, result } = renderExplained(inputs, true);
  const explanation = explainRender(result);
  if (explanation === undefined)
    throw new InternalError('the render recorded no explanation (a bug in vmi-render)');
  return { ...output, explanation };
}

function renderExplained(
  inputs: RenderInputs,
  explain: boolean,
): { output: RenderOutput; result: PipelineResult; prepared: Prepared } {
  const prepared = prepare(inputs);
  const errors = prepared.problems.filter((p) => p.severity === 'error');
  if (errors.length || !prepared.document) {
    const first = errors[0];
    throw new InvalidInputError(
      first
        ? `invalid input: ${first.location.file}${first.path ? ` ${first.path}` : ''}: ${first.message}`
        : 'invalid input',
      prepared.problems,
    );
  }
  const result = renderPrepared(prepared, inputs, explain);
  const warnings: RenderWarning[] = [
    ...prepared.problems.map((p): RenderWarning => ({
      kind: 'input',
      input: p.location.file,
      path: p.path,
      message: p.message,
    })),
    ...result.refusals.map((cause): RenderWarning => ({
      kind: 'refusal',
      input: 'document',
      path: cause.field,
      message: `virt-api would refuse to create ${prepared.document!.kind} "${prepared.document!.metadata?.name ?? ''}": ${cause.message}`,
    })),
    ...podRefusals(result.pod).map((refusal): RenderWarning => ({
      kind: 'api-server',
      input: 'document',
      path: '',
      message: `kube-apiserver would refuse the launcher Pod (upstream KubeVirt renders it so too): ${refusal.field}: ${refusal.message}`,
    })),
    ...configWarnings(prepared.config),
  ];
  return { output: { pod: result.pod, vmi: result.vmi, warnings }, result, prepared };
}

/** Every problem `vmi-render lint` would report for these inputs; never throws for bad input. */
export function lint(inputs: RenderInputs): LintOutput {
  let prepared: Prepared;
  try {
    prepared = prepare(inputs);
  } catch (error) {
    if (error instanceof InvalidInputError) return { ok: false, problems: error.problems };
    throw error;
  }
  const problems = [...prepared.problems];
  if (!problems.some((p) => p.severity === 'error') && prepared.document) {
    try {
      const result = renderPrepared(prepared, inputs);
      for (const refusal of podRefusals(result.pod))
        problems.push(
          problem(
            'document',
            '',
            `kube-apiserver would refuse the launcher Pod (upstream KubeVirt renders it so too): ${refusal.field}: ${refusal.message}`,
            'warning',
          ),
        );
      for (const cause of result.refusals)
        problems.push(
          problem(
            'document',
            cause.field,
            `virt-api would refuse to create ${prepared.document.kind} "${prepared.document.metadata?.name ?? ''}": ${cause.message}${featureGateHint(cause.message)}`,
          ),
        );
    } catch (error) {
      if (!(error instanceof VmiRenderError) || error instanceof InternalError) throw error;
      // as the CLI: every missing object, each at the field that refers to it, upstream's error first
      const missing = isMissingObjectError(error.message)
        ? findMissingObjects(prepared.document, settingsOf(prepared, inputs))
        : [];
      const first = namedByError(error.message, missing);
      problems.push(
        problem(
          'document',
          first?.path ? formatPath(first.path) : '',
          withHint(error.message, dataVolumeOrigin(first), '`objects`'),
        ),
      );
      for (const other of missing) {
        if (other === first) continue;
        const origin = dataVolumeOrigin(other);
        problems.push(
          problem(
            'document',
            other.path ? formatPath(other.path) : '',
            `also missing: ${describeMissing(other)} (supply it in \`objects\`${origin ? `; ${origin}` : ''})`,
          ),
        );
      }
    }
    for (const warning of configWarnings(prepared.config))
      problems.push(problem(warning.input, warning.path, warning.message, 'warning'));
  }
  const strict = inputs.strict === true;
  return { ok: !problems.some((p) => p.severity === 'error' || strict), problems };
}

export { ClusterConfig, MemoryClusterState };
export type { ClusterState, ClusterObject, Arch, Pod, VirtualMachineInstance, VirtualMachine, KubeVirt };
export type { InputProblem, SourceLocation } from './errors.js';
export { KUBEVIRT_VERSIONS } from './release/release.js';
export type {
  Explanation,
  ExplainedQuantity,
  ExplainedResource,
  ExplainedSelector,
  ExplainedSchedulingTerm,
  ExplainedTerm,
  ExplainedField,
} from './explain.js';
export { RenderError, InvalidInputError, UsageError, InternalError, VmiRenderError } from './errors.js';
// Pod Security: the verdict PodSecurity admission (Kubernetes v1.31) would give on a Pod
export { evaluatePod, violationMessage } from './podsecurity/evaluate.js';
export { podSecurityVerdict, resolvePolicy, parsePodSecurityFlag } from './podsecurity/launcher-pod.js';
export type { PodSecurityVerdict, PodSecurityViolation } from './podsecurity/launcher-pod.js';
export type { Level, LevelVersion, Policy, Version } from './podsecurity/api.js';
// Scheduling: the filters of kube-scheduler v1.31 over a Pod and the Nodes (and Pods) of a cluster
export { schedule, fitErrorMessage, explainVerdict } from './scheduling/index.js';
export type {
  Cluster,
  NodeVerdict,
  ScheduleVerdict,
  NodeExplanation,
  ExplainedReason,
  OriginContext,
} from './scheduling/index.js';
