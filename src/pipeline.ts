// From parsed input documents to Pods: defaults for what a file leaves out (namespace, UID), VM -> VMI,
// create-time defaults, then the pure render. Shared by `render`, `lint` and `watch`.
import { hexDigest } from './util/digest.js';
import { uuidV5 } from './util/uuid.js';
import { launcherPodName } from './util/launcher-pod-name.js';
import type { Pod } from './types/k8s.js';
import type { KubeVirt, VirtualMachine, VirtualMachineInstance } from './types/kubevirt.js';
import { ClusterConfig, type Arch } from './cluster/cluster-config.js';
import { matchRelease, type KubeVirtRelease } from './release/release.js';
import type { ClusterState } from './state/cluster-state.js';
import { renderLaunchManifest } from './render/launch-manifest.js';
import { FieldProvenance, RenderExplanation } from './render/explain.js';
import type { RenderOptions } from './render/options.js';
import { applyCreateDefaultsDirect, storedVMI } from './admission/index.js';
import { mutateVirtualMachine, virtualMachineToVMI } from './vm/index.js';
import {
  admitVMCreate,
  admitVMICreate,
  type AdmissionCause,
  type AdmissionVerdict,
} from './admission/validate/index.js';
import { RenderError } from './errors.js';
import { goJsonKnownFieldsCopy } from './util/go/json-round-trip.js';

const DEFAULT_IMAGE_REGISTRY = 'quay.io/kubevirt';
/** Namespace for name-based UIDs (RFC 4122 UUID v5) of objects that have none. */
const UID_NAMESPACE = 'b8f0c5a2-3c1e-5d6f-9a7b-4e2d1c0f9a8b';

/** The UID a VMI without one gets: stable for a namespace/name pair. */
export function deriveUID(kind: string, namespace: string, name: string): string {
  return uuidV5(UID_NAMESPACE, `${kind}/${namespace}/${name}`);
}

/**
 * The firmware uuid and serial the VM mutating webhook gives a VM created without them. Upstream (v1.9.0
 * setFirmwareDefaultsIfEmpty) draws both at random (uuid.New()); here each is a name-based UUID (v5, SHA-1)
 * in the UID namespace of `VirtualMachine/<namespace>/<name>/firmware.uuid` and `.../firmware.serial`:
 * stable for a namespace/name pair, different between the two, and independent of the VMI's UID.
 */
export function deriveVMFirmwareIds(
  namespace: string,
  name: string,
): { firmwareUUID: string; firmwareSerial: string } {
  const base = `VirtualMachine/${namespace}/${name}/firmware`;
  return {
    firmwareUUID: uuidV5(UID_NAMESPACE, `${base}.uuid`),
    firmwareSerial: uuidV5(UID_NAMESPACE, `${base}.serial`),
  };
}

/** Upstream draws the qemu-timeout jitter at random in [0,120); we derive it from the UID. */
export function qemuTimeoutJitter(uid: string): number {
  return parseInt(hexDigest('sha256', uid).slice(0, 8), 16) % 120;
}

/** upstream: virt-operator AddVersionSeparatorPrefix (v1.9.0 dropped the `@` for a `sha256:` digest) */
function versionSeparator(version: string, release: KubeVirtRelease): string {
  if (version.startsWith('sha256:') && release.before('v1.9.0')) return `@${version}`;
  if (version.startsWith('{{if')) return version;
  return `:${version}`;
}

/**
 * The image virt-operator would configure for a component, from the KubeVirt CR: its spec's registry and tag,
 * else what the operator reports it deployed (status.observedKubeVirtRegistry / observedKubeVirtVersion: its
 * own registry and version, when the spec names none, as a `kubectl get kubevirt -o yaml` shows them), else
 * quay.io/kubevirt and the release's version. (An operator started with VIRT_LAUNCHER_IMAGE uses that
 * instead: --launcher-image.)
 */
export function componentImage(
  kubevirt: KubeVirt | undefined,
  component: 'virt-launcher' | 'sidecar-shim',
  release: KubeVirtRelease,
): string {
  const spec = kubevirt?.spec;
  const status = kubevirt?.status;
  const registry = spec?.imageRegistry || status?.observedKubeVirtRegistry || DEFAULT_IMAGE_REGISTRY;
  // imagePrefix is not part of KubeVirtSpec (the operator takes it from its own image); accept it if given.
  const declaredPrefix = (spec as Record<string, unknown> | undefined)?.imagePrefix;
  const prefix = typeof declaredPrefix === 'string' ? declaredPrefix : '';
  // (the observed version only where it is of the release's minor: another release previews an upgrade)
  const observed = status?.observedKubeVirtVersion;
  const observedTag =
    observed && matchRelease(observed)?.release.version === release.version ? observed : undefined;
  const tag = spec?.imageTag || observedTag || release.version;
  return `${registry}/${prefix}${component}${versionSeparator(tag, release)}`;
}

export interface PipelineSettings {
  config: ClusterConfig;
  state: ClusterState;
  /** Apply virt-api's create-time defaults first (a new VMI); false for a VMI read back from a cluster. */
  admission: boolean;
  /** Namespace for documents that have none. */
  namespace: string;
  /** UID for the rendered VMI; default: derived from namespace and name. */
  uid?: string;
  launcherImage?: string;
  sidecarShimImage?: string;
  /** The Pod's name (default: upstream's generateName). */
  podName?: PodNaming;
  /** Record where the Pod's figures come from (PipelineResult.explanation); off by default. */
  explain?: boolean;
}

/** virt-api's validating webhooks' verdicts on creating what a document leads to. */
export interface AdmissionVerdicts {
  /** On creating the VirtualMachine (VM documents only). */
  vm?: AdmissionVerdict;
  /** On creating the VMI (absent without admission, or when no VMI is made: the VM controller failed). */
  vmi?: AdmissionVerdict;
}

/** Which webhook refused: the VirtualMachine's or the VirtualMachineInstance's. */
export type AdmissionWebhook = 'VirtualMachine' | 'VirtualMachineInstance';

/** A cause of a refusal, with the webhook that gave it. */
export interface Refusal extends AdmissionCause {
  webhook: AdmissionWebhook;
}

/** The causes of the verdicts in upstream's order: the VM's, then the VMI's. */
export function refusalsOf(admission: AdmissionVerdicts): Refusal[] {
  return [
    ...(admission.vm?.causes ?? []).map((cause) => ({ ...cause, webhook: 'VirtualMachine' as const })),
    ...(admission.vmi?.causes ?? []).map((cause) => ({
      ...cause,
      webhook: 'VirtualMachineInstance' as const,
    })),
  ];
}

/** A render error of a document that got through admission, with the verdicts given until then. */
export class DocumentRenderError extends RenderError {
  constructor(
    message: string,
    readonly admission: AdmissionVerdicts,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
/**
 * How the printed Pod is named: `generate` keeps upstream's `generateName: virt-launcher-<vmi>-` (the API
 * server picks the name, as when virt-controller creates it); `stable` names it `virt-launcher-<vmi>` as
 * `watch` does (hashed past 63 characters), which `kubectl apply` needs; `name` gives it one.
 */
export type PodNaming = { mode: 'generate' } | { mode: 'stable' } | { mode: 'name'; name: string };

export interface PipelineResult {
  /** The VMI as stored (see ResolvedVMI; made when first read). */
  readonly vmi: VirtualMachineInstance;
  pod: Pod;
  /** Why virt-api's validating webhook would refuse to create the VM or VMI (empty: it would admit it). */
  refusals: Refusal[];
  /** The verdicts themselves (a VM's refusal may carry no cause, only a message). */
  admission: AdmissionVerdicts;
  /** What the render recorded of where the Pod's figures come from (only with settings.explain). */
  explanation?: RenderExplanation;
}

/** A resolved VMI and the causes for which virt-api would refuse it (or the VM it comes from). */
export interface ResolvedVMI {
  /**
   * The VMI as stored (quantities as canonical strings, like Go's JSON round trip); with admission it is
   * made when first read (only `--show vmi` and the library's `render()` read it).
   */
  readonly vmi: VirtualMachineInstance;
  /**
   * The VMI the render sees: with admission, the Go object right after defaulting (its quantity fields
   * hold Quantity objects keeping their Go format, see applyCreateDefaultsDirect); otherwise `vmi`.
   */
  renderVmi: VirtualMachineInstance;
  refusals: Refusal[];
  admission: AdmissionVerdicts;
  /** Where the VMI's fields come from (settings.explain only). */
  provenance?: FieldProvenance;
}

/** Admission on a VMI: the defaulted Go object for the render, its stored form and virt-api's verdict. */
function admitVMI(
  vmi: VirtualMachineInstance,
  uid: string,
  config: ClusterConfig,
  vmVerdict: AdmissionVerdict | undefined,
  provenance: FieldProvenance | undefined,
): ResolvedVMI {
  let direct: VirtualMachineInstance;
  try {
    direct = applyCreateDefaultsDirect(vmi, config, {
      firmwareUUID: uuidV5(uid, 'firmware'),
      ...(provenance ? { provenance } : {}),
    });
  } catch (error) {
    throw withVerdicts(error, vmVerdict ? { vm: vmVerdict } : {});
  }
  // The validating webhook decodes the object as stored (its quantities as canonical strings), which is
  // what it makes of the defaulted object too: it re-encodes whatever it is given (see admitVMICreate).
  const admission: AdmissionVerdicts = {
    ...(vmVerdict ? { vm: vmVerdict } : {}),
    vmi: admitVMICreate(direct, config),
  };
  let stored: VirtualMachineInstance | undefined;
  return {
    // only `--show vmi` prints the stored form: a render need not build it
    get vmi() {
      return (stored ??= storedVMI(direct, config));
    },
    renderVmi: direct,
    refusals: refusalsOf(admission),
    admission,
    ...(provenance ? { provenance } : {}),
  };
}

/** A RenderError of a later stage, carrying the verdicts already given; anything else as is. */
function withVerdicts(error: unknown, admission: AdmissionVerdicts): unknown {
  if (!(error instanceof RenderError) || error instanceof DocumentRenderError) return error;
  if (admission.vm === undefined && admission.vmi === undefined) return error;
  return new DocumentRenderError(error.message, admission, { cause: error });
}

function withIdentity<T extends { metadata?: { name?: string; namespace?: string; uid?: string } }>(
  object: T,
  namespace: string,
): T {
  // shallow: nothing downstream changes its input (admission works on its own deep copy)
  return { ...object, metadata: { ...object.metadata, namespace: object.metadata?.namespace || namespace } };
}

/**
 * The VMI that a VMI document or a VM document leads to (before the render), with virt-api's verdict on
 * creating it. Without admission a VMI document is taken as stored, so there is nothing to admit; a VM's
 * VMI is created anew either way.
 */
export function resolveVMI(
  document: VirtualMachineInstance | VirtualMachine,
  settings: PipelineSettings,
): ResolvedVMI {
  const { config, state } = settings;
  const provenance = settings.explain ? new FieldProvenance() : undefined;
  if (document.kind === 'VirtualMachine') {
    const vm = withIdentity(document as VirtualMachine, settings.namespace);
    const name = vm.metadata?.name ?? '';
    const uid = settings.uid ?? deriveUID('VirtualMachineInstance', vm.metadata?.namespace ?? '', name);
    const firmwareIds = deriveVMFirmwareIds(vm.metadata?.namespace ?? '', name);
    const mutated = mutateVirtualMachine(vm, config, state, {
      ...firmwareIds,
      ...(provenance ? { provenance } : {}),
    });
    const vmVerdict = admitVMCreate(mutated, config, { state });
    let vmi: VirtualMachineInstance;
    try {
      vmi = virtualMachineToVMI(mutated, config, state, { uid, ...(provenance ? { provenance } : {}) });
    } catch (error) {
      throw withVerdicts(error, { vm: vmVerdict });
    }
    // (whatever --no-admission says: the VMI a VM makes is always new, so virt-api always mutates it)
    return admitVMI(vmi, uid, config, vmVerdict, provenance);
  }
  const vmi = withIdentity(document as VirtualMachineInstance, settings.namespace);
  const uid =
    settings.uid ||
    vmi.metadata?.uid ||
    deriveUID('VirtualMachineInstance', vmi.metadata?.namespace ?? '', vmi.metadata?.name ?? '');
  vmi.metadata = { ...vmi.metadata, uid };
  if (!settings.admission) {
    // virt-controller reads the stored VMI into its Go structs: unknown fields and omitempty zero values
    // (a toleration's `effect: ""`) are gone before the render copies anything into the Pod
    const decoded = goJsonKnownFieldsCopy(vmi, 'VirtualMachineInstance', config.release);
    return { vmi, renderVmi: decoded, refusals: [], admission: {}, provenance };
  }
  return admitVMI(vmi, uid, config, undefined, provenance);
}

export function renderDocument(
  document: VirtualMachineInstance | VirtualMachine,
  settings: PipelineSettings,
): PipelineResult {
  const resolved = resolveVMI(document, settings);
  const { renderVmi, refusals, admission } = resolved;
  const options: RenderOptions = {
    launcherImage:
      settings.launcherImage ??
      componentImage(settings.config.kubevirt, 'virt-launcher', settings.config.release),
    sidecarShimImage:
      settings.sidecarShimImage ??
      componentImage(settings.config.kubevirt, 'sidecar-shim', settings.config.release),
    qemuTimeoutJitterSeconds: qemuTimeoutJitter(renderVmi.metadata?.uid ?? ''),
    ...(settings.explain ? { explanation: new RenderExplanation(resolved.provenance) } : {}),
  };
  let template: Pod;
  try {
    template = renderLaunchManifest(renderVmi, settings.config, settings.state, options);
  } catch (error) {
    throw withVerdicts(error, admission);
  }
  const namespace = renderVmi.metadata?.namespace || settings.namespace;
  const pod = asCreatedPod(template, namespace, settings.podName, renderVmi.metadata?.name ?? '');
  let vmi: VirtualMachineInstance | undefined;
  return {
    get vmi() {
      return (vmi ??= asStoredVMI(resolved.vmi));
    },
    refusals,
    admission,
    pod,
    ...(options.explanation ? { explanation: options.explanation } : {}),
  };
}

/**
 * upstream's Pod template as the API server holds it once created: apiVersion, kind and the namespace
 * filled in (the API server's key order: apiVersion, kind, metadata first). The template is otherwise
 * unchanged, unless a name is asked for (then generateName gives way to it).
 */
export function asCreatedPod(
  pod: Pod,
  namespace: string,
  naming: PodNaming | undefined,
  vmiName: string,
): Pod {
  const { apiVersion: _apiVersion, kind: _kind, metadata = {}, ...rest } = pod;
  const name =
    naming?.mode === 'stable' ? launcherPodName(vmiName) : naming?.mode === 'name' ? naming.name : undefined;
  let named: NonNullable<Pod['metadata']> = { ...metadata, namespace };
  if (name !== undefined) {
    const { generateName: _generateName, ...others } = metadata;
    named = { ...others, name, namespace };
  }
  return { apiVersion: 'v1', kind: 'Pod', metadata: named, ...rest };
}

/** The VMI as the API server returns it: `kubevirt.io/v1` (what it is stored as), apiVersion and kind first. */
export function asStoredVMI(vmi: VirtualMachineInstance): VirtualMachineInstance {
  const { apiVersion: _apiVersion, kind: _kind, metadata, ...rest } = vmi;
  return { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', metadata, ...rest };
}

export type { Arch };
