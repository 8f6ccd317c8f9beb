// `vmi-render [render] FILE...` and `vmi-render lint FILE...`: shared input handling, different output.
import { InvalidInputError, RenderError, type InputProblem } from '../errors.js';
import { formatObjects, type OutputFormat } from '../io/output.js';
import {
  DocumentRenderError,
  refusalsOf,
  renderDocument,
  resolveVMI,
  type AdmissionVerdicts,
  type PipelineResult,
  type PipelineSettings,
  type PodNaming,
} from '../pipeline.js';
import {
  dataVolumeOrigin,
  describeMissing,
  findMissingObjects,
  isMissingObjectError,
  isVMControllerError,
  namedByError,
  withHint,
  type MissingObject,
} from '../missing-objects.js';
import { featureGateHint } from '../release/feature-gates.js';
import { podRefusals, type PodRefusal } from '../pod-validation.js';
import { HOOK_SIDECAR_LIST_ANNOTATION_NAME, unmarshalHookSidecarList } from '../render/hooks.js';
import type { VirtualMachine, VirtualMachineInstance } from '../types/kubevirt.js';
import { MAX_INPUT_BYTES, MAX_INPUT_BYTES_CEILING } from '../io/documents.js';
import { ARCHES, type Arch, type ClusterConfig } from '../cluster/cluster-config.js';
import type { ClusterState } from '../state/cluster-state.js';
import { cloneAuthorizationLookups, namespacesKnown } from '../admission/validate/index.js';
import { formatPath, loadInputs, type InputDocument, type RenderTarget } from './inputs.js';
import { UsageError } from '../errors.js';
import { checkPodSecurity, parsePodSecurityOption, podSecurityProblems } from './pod-security.js';
import type { PodSecurityVerdict } from '../podsecurity/launcher-pod.js';
import { checkScheduling, loadNodes, schedulingProblems, type SchedulingVerdict } from './scheduling.js';
import {
  isDNS1123Label,
  isDNS1123Subdomain,
  isUUID,
  NAMESPACE_RULE,
  POD_NAME_RULE,
  UUID_RULE,
} from '../util/names.js';

export interface RenderFlags {
  clusterConfig?: string;
  objects: string[];
  arch: string;
  admission: boolean;
  launcherImage?: string;
  sidecarShimImage?: string;
  namespace: string;
  output: string;
  strict: boolean;
  uid?: string;
  show: string;
  kubevirtVersion?: string;
  /** --pod-security LEVEL[:VERSION] */
  podSecurity?: string;
  /** --nodes FILE: the Nodes (and Pods) to check each launcher Pod's scheduling against */
  nodes?: string;
  /** `--pod-name`: generate (default), stable or a name. */
  podName?: string;
  recursive?: boolean;
  /** `--max-input-size`, as given. */
  maxInputSize?: string;
  /** Record where the Pod's figures come from (`explain`). */
  explain?: boolean;
}

export interface DocumentOutcome {
  target: RenderTarget;
  /** What we could not check ourselves and say so (e.g. a check that needs cluster objects not given). */
  unchecked?: InputProblem[];
  /** The rendered objects (only with Keep 'objects'). */
  result?: PipelineResult;
  /** The rendered object to print, as YAML (only with Keep 'yaml'). */
  yaml?: string;
  /** Why virt-api would refuse to create the VM or VMI (see PipelineResult). */
  refusals?: PipelineResult['refusals'];
  /** What PodSecurity admission would say of the Pod (undefined: no policy applies). */
  podSecurity?: PodSecurityVerdict;
  /** What kube-scheduler would say of the Pod over the --nodes Nodes (undefined: no --nodes). */
  scheduling?: SchedulingVerdict;
  /** virt-api's verdicts (also for a document whose render failed after admission). */
  admission?: AdmissionVerdicts;
  error?: string;
  /** With a missing-object error: every object the render lacks (the first is the one upstream names). */
  missing?: MissingObject[];
  /** Why kube-apiserver would refuse the rendered Pod (upstream renders it so too). */
  podRefusals?: PodRefusal[];
  /** The field the error is about (for a broken hook sidecar annotation: that annotation). */
  errorPath?: (string | number)[];
}

/**
 * The hooks.kubevirt.io/hookSidecars annotation, if it is what the render failed on: decoding it alone
 * fails with the error's own (Go JSON) message.
 */
function hookAnnotationProblem(
  document: VirtualMachineInstance | VirtualMachine,
  message: string,
): (string | number)[] | undefined {
  const isVM = document.kind === 'VirtualMachine';
  const metadata = isVM ? (document as VirtualMachine).spec?.template?.metadata : document.metadata;
  if (!metadata?.annotations || !Object.hasOwn(metadata.annotations, HOOK_SIDECAR_LIST_ANNOTATION_NAME))
    return undefined;
  try {
    unmarshalHookSidecarList({ metadata: { annotations: metadata.annotations } } as VirtualMachineInstance);
    return undefined;
  } catch (error) {
    if (!(error instanceof RenderError) || !message.endsWith(error.message)) return undefined;
    return [
      ...(isVM ? ['spec', 'template'] : []),
      'metadata',
      'annotations',
      HOOK_SIDECAR_LIST_ANNOTATION_NAME,
    ];
  }
}

/**
 * What runPipeline keeps of each rendered document: the objects; only the YAML of the one to print
 * (`render -o yaml`: then a thousand Pods need not all be alive at once); or nothing (`lint`).
 */
export type Keep = 'objects' | 'yaml' | 'nothing';

export interface RunOutcome {
  problems: InputProblem[];
  documents: DocumentOutcome[];
  /** Every document of the FILE inputs with its input problems (for `lint`). */
  inputs: InputDocument[];
  /** The cluster config the documents were rendered with (absent when loading failed before it). */
  config?: ClusterConfig;
}

export function parseArch(value: string): Arch {
  if (!(ARCHES as readonly string[]).includes(value)) {
    throw new UsageError(`--arch must be one of ${ARCHES.join(', ')} (got "${value}")`);
  }
  return value as Arch;
}

export function parseNamespace(value: string): string {
  if (!isDNS1123Label(value)) {
    throw new UsageError(`--namespace must be ${NAMESPACE_RULE}, got ${JSON.stringify(value)}`);
  }
  return value;
}

export function parsePodName(value: string | undefined): PodNaming {
  if (value === undefined || value === 'generate') return { mode: 'generate' };
  if (value === 'stable') return { mode: 'stable' };
  if (!isDNS1123Subdomain(value)) {
    throw new UsageError(
      `--pod-name must be generate, stable or a Pod name (${POD_NAME_RULE}), got ${JSON.stringify(value)}`,
    );
  }
  return { mode: 'name', name: value };
}

export function parseUID(value: string | undefined): string | undefined {
  if (value !== undefined && !isUUID(value)) {
    throw new UsageError(`--uid must be ${UUID_RULE}, got ${JSON.stringify(value)}`);
  }
  return value;
}

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
};

/** `--max-input-size`: bytes, or a Kubernetes-style quantity (`64Mi`, `100M`). */
export function parseSize(value: string | undefined): number {
  if (value === undefined) return MAX_INPUT_BYTES;
  const match = /^(\d+)(|k|K|M|G|Ki|Mi|Gi)$/.exec(value.trim());
  const bytes = match ? Number(match[1]) * SIZE_UNITS[match[2]!]! : NaN;
  if (!(bytes >= 1)) {
    throw new UsageError(
      `--max-input-size must be a size in bytes, optionally with a unit (Ki, Mi, Gi, k, M, G), e.g. "64Mi"; got ${JSON.stringify(value)}`,
    );
  }
  if (bytes > MAX_INPUT_BYTES_CEILING) {
    throw new UsageError(
      `--max-input-size can be at most ${MAX_INPUT_BYTES_CEILING} bytes (about 512Mi), got ${value}`,
    );
  }
  return bytes;
}

/** Loads, validates and renders every document; never prints. */
export function runPipeline(
  files: string[],
  flags: RenderFlags,
  stdin: (maxBytes: number) => Buffer,
  keep: Keep = 'objects',
): RunOutcome {
  const arch = parseArch(flags.arch);
  parseNamespace(flags.namespace);
  const podName = parsePodName(flags.podName);
  parseUID(flags.uid);
  const maxInputBytes = parseSize(flags.maxInputSize);
  const inputs = loadInputs(
    {
      files,
      objects: flags.objects,
      recursive: flags.recursive ?? false,
      maxInputBytes,
      arch,
      namespace: flags.namespace,
      strict: flags.strict,
      ...(flags.clusterConfig ? { clusterConfig: flags.clusterConfig } : {}),
      ...(flags.kubevirtVersion !== undefined ? { kubevirtVersion: flags.kubevirtVersion } : {}),
    },
    () => stdin(maxInputBytes),
  );
  const podSecurityDefault = parsePodSecurityOption(flags.podSecurity);
  const nodes =
    flags.nodes === undefined ? undefined : loadNodes(flags.nodes, () => stdin(maxInputBytes), maxInputBytes);
  const documents: DocumentOutcome[] = [];
  const renderable = inputs.targets.length;
  if (flags.uid !== undefined && renderable > 1) {
    throw new UsageError(
      '--uid applies to a single VirtualMachineInstance or VirtualMachine, but the input has several',
    );
  }
  if (podName.mode === 'name' && renderable > 1) {
    throw new UsageError(
      `--pod-name ${podName.name} applies to a single VirtualMachineInstance or VirtualMachine, but the input has several (--pod-name stable names each Pod after its VMI)`,
    );
  }
  const withUnchecked = (target: RenderTarget): void => {
    const outcome = documents[documents.length - 1];
    const unchecked = uncheckedCloneAuthorization(target, inputs.config, inputs.state, flags.namespace);
    if (outcome?.target === target && unchecked.length > 0) outcome.unchecked = unchecked;
  };
  for (const target of inputs.targets) {
    const settings: PipelineSettings = {
      config: inputs.config,
      state: inputs.state,
      admission: flags.admission,
      namespace: flags.namespace,
      podName,
      ...(flags.explain ? { explain: true } : {}),
      ...(flags.uid !== undefined ? { uid: flags.uid } : {}),
      ...(flags.launcherImage ? { launcherImage: flags.launcherImage } : {}),
      ...(flags.sidecarShimImage ? { sidecarShimImage: flags.sidecarShimImage } : {}),
    };
    if (target.admissionOnly) {
      documents.push({ target, ...admissionOnlyVerdicts(target, settings) });
      withUnchecked(target);
      continue;
    }
    try {
      const result = renderDocument(target.document, settings);
      const { refusals, admission } = result;
      const podSecurity = checkPodSecurity(
        result.pod,
        target,
        inputs.state,
        podSecurityDefault,
        flags.namespace,
      );
      const scheduling = checkScheduling(result.pod, target, nodes, inputs.config);
      const pod = podRefusals(result.pod);
      const facts = {
        refusals,
        admission,
        podSecurity,
        ...(scheduling ? { scheduling } : {}),
        ...(pod.length ? { podRefusals: pod } : {}),
      };
      if (keep === 'objects') documents.push({ target, result, ...facts });
      else if (keep === 'nothing') documents.push({ target, ...facts });
      else {
        const yaml = formatObjects([flags.show === 'vmi' ? result.vmi : result.pod], 'yaml');
        documents.push({ target, yaml, ...facts });
      }
    } catch (error) {
      if (error instanceof RenderError || error instanceof InvalidInputError) {
        // virt-api's verdicts given before the render failed
        const verdicts =
          error instanceof DocumentRenderError
            ? { refusals: refusalsOf(error.admission), admission: error.admission }
            : {};
        // a missing object: name every one the render lacks, not only the first
        // (a VM controller error: what the template would need besides)
        const missing = isMissingObjectError(error.message)
          ? findMissingObjects(target.document, settings)
          : isVMControllerError(error.message)
            ? findMissingObjects(target.document, settings, { withoutInstancetype: true })
            : [];
        const annotation = missing.length ? undefined : hookAnnotationProblem(target.document, error.message);
        documents.push({
          target,
          error: error.message,
          ...verdicts,
          ...(missing.length ? { missing } : {}),
          ...(annotation ? { errorPath: annotation } : {}),
        });
      } else {
        throw error;
      }
    }
    withUnchecked(target);
  }
  return { problems: inputs.problems, documents, inputs: inputs.documents, config: inputs.config };
}

/**
 * virt-api's verdicts on a document the schema refused for a missing required field (it decodes; the
 * webhooks answer on their own terms): nothing is rendered. The admission code may assume what the schema
 * requires, so a failure here is the schema's problem, already reported, not a crash of ours.
 */
function admissionOnlyVerdicts(
  target: RenderTarget,
  settings: PipelineSettings,
): Pick<DocumentOutcome, 'refusals' | 'admission'> {
  try {
    const { refusals, admission } = resolveVMI(target.document, settings);
    return { refusals, admission };
  } catch (error) {
    if (error instanceof DocumentRenderError)
      return { refusals: refusalsOf(error.admission), admission: error.admission };
    return {};
  }
}

/**
 * upstream v1.4.0's VM webhook fails a clone from a namespace or a DataSource that does not exist (see
 * vms-admitter.ts): without Namespaces among the cluster objects that cannot be told, so say so.
 */
function uncheckedCloneAuthorization(
  target: RenderTarget,
  config: ClusterConfig,
  state: ClusterState,
  defaultNamespace: string,
): InputProblem[] {
  if (target.document.kind !== 'VirtualMachine' || config.release.atLeast('v1.9.0')) return [];
  const document = target.document as VirtualMachine;
  const vmNamespace = document.metadata?.namespace || defaultNamespace;
  const vm = { ...document, metadata: { ...document.metadata, namespace: vmNamespace } };
  if (namespacesKnown(vm, state)) return [];
  const file = target.file === '-' ? '<stdin>' : target.file;
  const problems: InputProblem[] = [];
  for (const lookup of cloneAuthorizationLookups(vm, state)) {
    if (lookup.noTokenOkay) continue;
    const path = ['spec', 'dataVolumeTemplates', lookup.index];
    const unchecked = (message: string): void => {
      problems.push({
        location: { file, ...target.source.locate([...target.path, ...path]) },
        path: formatPath(path),
        message,
        severity: 'warning' as const,
        stage: 'vm-admission' as const,
      });
    };
    const dataSource = lookup.dataSource;
    if (dataSource && !dataSource.found) {
      unchecked(
        `not checked: virt-api refuses a clone from a DataSource that does not exist ("${dataSource.namespace}/${dataSource.name}"); supply the DataSource and the Namespaces (the VM's and the source's) with --objects to check it`,
      );
    } else if (lookup.sourceNamespace !== undefined && lookup.sourceNamespace !== vmNamespace) {
      unchecked(
        `not checked: virt-api refuses a clone from a namespace that does not exist ("${lookup.sourceNamespace}"); supply the Namespaces (the VM's and the source's) with --objects to check it`,
      );
    }
  }
  return problems;
}

/** Where a field of the VMI a VM creates is written in the VM: spec.X -> spec.template.spec.X. */
function templateField(field: string): string {
  return /^(spec|metadata)\b/.test(field) ? `spec.template.${field}` : field;
}

/** `spec.domain.devices.disks[1].name` -> ['spec', 'domain', 'devices', 'disks', 1, 'name'] */
function parseFieldPath(field: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const segment of field.split('.')) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(segment);
    if (!match) {
      parts.push(segment);
      continue;
    }
    if (match[1]) parts.push(match[1]);
    for (const index of match[2]!.matchAll(/\[(\d+)\]/g)) parts.push(Number(index[1]));
  }
  return parts;
}

/**
 * The problems of one rendered document, at its start: the render error, and the causes for which
 * virt-api's validating webhook would refuse to create it (`render` warns about those; `lint` fails on them).
 */
export function documentProblems(
  document: DocumentOutcome,
  refusalSeverity: 'error' | 'warning',
): InputProblem[] {
  const file = document.target.file === '-' ? '<stdin>' : document.target.file;
  const kind = document.target.document.kind;
  const name = (document.target.document.metadata?.name as string | undefined) ?? '';
  const problems: InputProblem[] = [];
  for (const cause of document.refusals ?? []) {
    // a VM's causes name fields of the VM; a VMI's fields of the VMI, which a VM writes in its template
    const ofTemplate = kind === 'VirtualMachine' && cause.webhook === 'VirtualMachineInstance';
    const path = ofTemplate ? templateField(cause.field) : cause.field;
    const at = document.target.source.locate([...document.target.path, ...parseFieldPath(path)]);
    const refused = ofTemplate
      ? `the VirtualMachineInstance of VirtualMachine "${name}"`
      : `${kind} "${name}"`;
    problems.push({
      location: { file, ...at },
      path,
      message: `virt-api would refuse to create ${refused}: ${cause.message}${featureGateHint(cause.message)}`,
      severity: refusalSeverity,
      admission: { webhook: cause.webhook, type: cause.type, field: cause.field, message: cause.message },
      stage: cause.webhook === 'VirtualMachine' ? 'vm-admission' : 'vmi-admission',
    });
  }
  // a refusal without causes (upstream answers with a message only, e.g. a failing VM defaulter)
  for (const [verdict, stage] of [
    [document.admission?.vm, 'vm-admission'],
    [document.admission?.vmi, 'vmi-admission'],
  ] as const) {
    if (verdict === undefined || verdict.allowed || verdict.causes.length > 0 || !verdict.message) continue;
    const { line, column } = document.target.source.locate(document.target.path);
    problems.push({
      location: { file, line, column },
      path: '',
      message: `virt-api would refuse to create ${kind} "${name}": ${verdict.message}`,
      severity: refusalSeverity,
      stage,
    });
  }
  // what virt-api says while admitting (AdmissionResponse.Warnings: `kubectl` prints them as `Warning:`)
  for (const [verdict, stage, created] of [
    [document.admission?.vm, 'vm-admission', `${kind} "${name}"`],
    [document.admission?.vmi, 'vmi-admission', `the VirtualMachineInstance "${name}"`],
  ] as const) {
    for (const warning of verdict?.warnings ?? []) {
      problems.push({
        location: { file, ...document.target.source.locate(document.target.path) },
        path: '',
        message: `virt-api warns on creating ${created}: ${warning}`,
        severity: 'warning',
        stage,
      });
    }
  }
  for (const problem of document.unchecked ?? []) problems.push(problem);
  problems.push(...podSecurityProblems(document.podSecurity, document.target, file, refusalSeverity));
  problems.push(...schedulingProblems(document.scheduling, document.target, file, refusalSeverity));
  for (const refusal of document.podRefusals ?? []) {
    // a field of our output, not of the input: reported at the document
    problems.push({
      location: { file, ...document.target.source.locate(document.target.path) },
      path: '',
      message: `kube-apiserver would refuse the launcher Pod of ${kind} "${name}" (upstream KubeVirt renders it so too): ${refusal.field}: ${refusal.message}`,
      severity: 'warning',
      stage: 'api-server',
    });
  }
  if (document.error !== undefined) {
    // only now: a position costs a second parse of the file (src/io/documents.ts)
    const locate = (path: (string | number)[] | undefined): { line: number; column: number } =>
      document.target.source.locate([...document.target.path, ...(path ?? [])]);
    const missing = document.missing ?? [];
    const first = namedByError(document.error, missing);
    const at = first?.path ?? document.errorPath;
    const annotationNote = document.errorPath
      ? ` (the ${HOOK_SIDECAR_LIST_ANNOTATION_NAME} annotation must be a JSON list of hook sidecars)`
      : '';
    problems.push({
      location: { file, ...locate(at) },
      path: at ? formatPath(at) : '',
      message: `${kind} "${name}": ${withHint(document.error, dataVolumeOrigin(first))}${annotationNote}`,
      severity: 'error',
      stage: 'render',
    });
    for (const other of missing) {
      if (other === first) continue;
      const origin = dataVolumeOrigin(other);
      problems.push({
        location: { file, ...locate(other.path) },
        path: other.path ? formatPath(other.path) : '',
        message: `${kind} "${name}": also missing: ${describeMissing(other)} (supply it with --objects${origin ? `; ${origin}` : ''})`,
        severity: 'error',
        stage: 'render',
      });
    }
  }
  return problems;
}

export function renderProblems(outcome: RunOutcome): InputProblem[] {
  return [
    ...outcome.problems,
    ...outcome.documents.flatMap((document) => documentProblems(document, 'warning')),
  ];
}

export function formatRendered(outcome: RunOutcome, format: OutputFormat, show: 'pod' | 'vmi'): string {
  if (format === 'yaml' && outcome.documents.every((document) => document.yaml !== undefined)) {
    return outcome.documents.map((document) => document.yaml).join('---\n');
  }
  const objects = outcome.documents.map((document) =>
    show === 'vmi' ? document.result!.vmi : document.result!.pod,
  );
  return formatObjects(objects, format);
}
