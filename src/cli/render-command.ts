// `vmi-render [render] FILE...` and `vmi-render lint FILE...`: shared input handling, different output.
import { InvalidInputError, RenderError, type InputProblem } from '../errors.js';
import { formatObjects, type OutputFormat } from '../io/output.js';
import {
  DocumentRenderError,
  refusalsOf,
  renderDocument,
  type AdmissionVerdicts,
  type PipelineResult,
} from '../pipeline.js';
import { ARCHES, type Arch } from '../cluster/cluster-config.js';
import { loadInputs, type InputDocument, type RenderTarget } from './inputs.js';
import { UsageError } from '../errors.js';
import { checkPodSecurity, parsePodSecurityOption, podSecurityProblems } from './pod-security.js';
import type { PodSecurityVerdict } from '../podsecurity/launcher-pod.js';

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
}

export interface DocumentOutcome {
  target: RenderTarget;
  /** The rendered objects (only with Keep 'objects'). */
  result?: PipelineResult;
  /** The rendered object to print, as YAML (only with Keep 'yaml'). */
  yaml?: string;
  /** Why virt-api would refuse to create the VM or VMI (see PipelineResult). */
  refusals?: PipelineResult['refusals'];
  /** What PodSecurity admission would say of the Pod (undefined: no policy applies). */
  podSecurity?: PodSecurityVerdict;
  /** virt-api's verdicts (also for a document whose render failed after admission). */
  admission?: AdmissionVerdicts;
  error?: string;
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
}

export function parseArch(value: string): Arch {
  if (!(ARCHES as readonly string[]).includes(value)) {
    throw new UsageError(`--arch must be one of ${ARCHES.join(', ')} (got "${value}")`);
  }
  return value as Arch;
}

/** Loads, validates and renders every document; never prints. */
/** upstream: apimachinery IsDNS1123Label, what a namespace name must be */
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export function parseNamespace(value: string): string {
  if (value.length > 63 || !DNS1123_LABEL.test(value)) {
    throw new UsageError(
      `--namespace must be a lowercase RFC 1123 label of at most 63 characters (e.g. "my-name"), got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

export function runPipeline(
  files: string[],
  flags: RenderFlags,
  stdin: () => Buffer,
  keep: Keep = 'objects',
): RunOutcome {
  const arch = parseArch(flags.arch);
  parseNamespace(flags.namespace);
  const inputs = loadInputs(
    {
      files,
      objects: flags.objects,
      arch,
      namespace: flags.namespace,
      strict: flags.strict,
      ...(flags.clusterConfig ? { clusterConfig: flags.clusterConfig } : {}),
      ...(flags.kubevirtVersion !== undefined ? { kubevirtVersion: flags.kubevirtVersion } : {}),
    },
    stdin,
  );
  const podSecurityDefault = parsePodSecurityOption(flags.podSecurity);
  const documents: DocumentOutcome[] = [];
  const renderable = inputs.targets.length;
  if (flags.uid !== undefined && renderable > 1) {
    throw new UsageError(
      '--uid applies to a single VirtualMachineInstance or VirtualMachine, but the input has several',
    );
  }
  for (const target of inputs.targets) {
    try {
      const result = renderDocument(target.document, {
        config: inputs.config,
        state: inputs.state,
        admission: flags.admission,
        namespace: flags.namespace,
        ...(flags.uid !== undefined ? { uid: flags.uid } : {}),
        ...(flags.launcherImage ? { launcherImage: flags.launcherImage } : {}),
        ...(flags.sidecarShimImage ? { sidecarShimImage: flags.sidecarShimImage } : {}),
      });
      const { refusals, admission } = result;
      const podSecurity = checkPodSecurity(
        result.pod,
        target,
        inputs.state,
        podSecurityDefault,
        flags.namespace,
      );
      if (keep === 'objects') documents.push({ target, result, refusals, admission, podSecurity });
      else if (keep === 'nothing') documents.push({ target, refusals, admission, podSecurity });
      else {
        const yaml = formatObjects([flags.show === 'vmi' ? result.vmi : result.pod], 'yaml');
        documents.push({ target, yaml, refusals, admission, podSecurity });
      }
    } catch (error) {
      if (error instanceof DocumentRenderError) {
        const { admission } = error;
        documents.push({ target, error: error.message, refusals: refusalsOf(admission), admission });
      } else if (error instanceof RenderError || error instanceof InvalidInputError) {
        documents.push({ target, error: error.message });
      } else {
        throw error;
      }
    }
  }
  return { problems: inputs.problems, documents, inputs: inputs.documents };
}

const MISSING_OBJECT_HINTS: [RegExp, string][] = [
  [/didn't find PVC (\S+)/, 'PersistentVolumeClaim'],
  [
    /without backend-storage PVC/,
    'backend-storage PersistentVolumeClaim (labelled persistent-state-for=<vmi name>)',
  ],
  [/failed to locate network attachment definition (\S+)/, 'NetworkAttachmentDefinition'],
  [/configmaps "[^"]+" not found/, 'ConfigMap'],
  [/virtualmachine(cluster)?instancetypes\.instancetype\.kubevirt\.io "[^"]+" not found/, 'instancetype'],
  [/virtualmachine(cluster)?preferences\.instancetype\.kubevirt\.io "[^"]+" not found/, 'preference'],
];

/** Upstream's message, plus how to supply a missing object offline. */
function withHint(message: string): string {
  for (const [pattern, what] of MISSING_OBJECT_HINTS) {
    if (pattern.test(message)) return `${message} (supply the ${what} with --objects)`;
  }
  return message;
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
    // a VM's causes name fields of the VM; a VMI's name fields of the VMI as the user wrote it
    const at = document.target.source.locate([...document.target.path, ...parseFieldPath(cause.field)]);
    problems.push({
      location: { file, ...at },
      path: cause.field,
      message: `virt-api would refuse to create ${kind} "${name}": ${cause.message}`,
      severity: refusalSeverity,
      admission: { webhook: cause.webhook, type: cause.type, field: cause.field, message: cause.message },
    });
  }
  // a refusal without causes (upstream answers with a message only, e.g. a failing VM defaulter)
  for (const verdict of [document.admission?.vm, document.admission?.vmi]) {
    if (verdict === undefined || verdict.allowed || verdict.causes.length > 0 || !verdict.message) continue;
    const { line, column } = document.target.source.locate(document.target.path);
    problems.push({
      location: { file, line, column },
      path: '',
      message: `virt-api would refuse to create ${kind} "${name}": ${verdict.message}`,
      severity: refusalSeverity,
    });
  }
  problems.push(...podSecurityProblems(document.podSecurity, document.target, file, refusalSeverity));
  if (document.error !== undefined) {
    // only now: a position costs a second parse of the file (src/io/documents.ts)
    const { line, column } = document.target.source.locate(document.target.path);
    problems.push({
      location: { file, line, column },
      path: '',
      message: `${kind} "${name}": ${withHint(document.error)}`,
      severity: 'error',
    });
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
