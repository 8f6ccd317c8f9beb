// Loading conformance cases for unit tests of single render modules.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ClusterConfig, type Arch } from '../../src/cluster/cluster-config.js';
import { MemoryClusterState, type ClusterObject } from '../../src/state/cluster-state.js';
import type { KubeVirt, VirtualMachineInstance } from '../../src/types/kubevirt.js';
import type { Pod } from '../../src/types/k8s.js';
import { KubeVirtRelease, type KubeVirtVersion } from '../../src/release/release.js';
import { applyCreateDefaultsDirect } from '../../src/admission/vmi-mutator.js';

/** The `cases/` corpus of a release (v1.4.0 unless told). */
export const conformanceDir = (release: KubeVirtVersion = 'v1.4.0'): string =>
  fileURLToPath(new URL(`../../../fixtures/conformance/${release}/cases/`, import.meta.url));
export const CONFORMANCE_DIR = conformanceDir();

export interface ConformanceCase {
  name: string;
  dir: string;
  inputVMI: VirtualMachineInstance;
  /** The VMI the render receives (after admission, if on), as stored: expected.json's `vmi`. */
  vmi?: VirtualMachineInstance;
  /**
   * The VMI as the render receives it in the pipeline: with admission on, the Go object right after the
   * create-time defaults (no JSON round trip: two quantities written alike are two values, a limit copied
   * into the requests is one), as upstream's harness renders it; the input otherwise. Made when first read.
   */
  readonly renderVmi: VirtualMachineInstance;
  pod?: Pod;
  error?: string;
  admission: boolean;
  config: ClusterConfig;
  state: MemoryClusterState;
}

export function loadCase(name: string): ConformanceCase {
  return loadReleaseCase('v1.4.0', name);
}

/** A case of the given release's corpus, its ClusterConfig reproducing that release. */
export function loadReleaseCase(release: KubeVirtVersion, name: string): ConformanceCase {
  const dir = join(conformanceDir(release), name);
  const read = (file: string): string | undefined =>
    existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined;
  const caseJson = JSON.parse(read('case.json') ?? '{}') as { arch?: Arch; admission?: boolean };
  const kubevirtText = read('kubevirt.yaml');
  const objectsText = read('objects.yaml');
  const expected = JSON.parse(read('expected.json') ?? '{}') as {
    vmi?: VirtualMachineInstance;
    pod?: Pod;
    error?: string;
  };
  const objects = objectsText
    ? parseAllDocuments(objectsText)
        .map((doc) => doc.toJS() as ClusterObject | null)
        .filter((o): o is ClusterObject => !!o)
    : [];
  const inputVMI = parse(read('vmi.yaml') ?? '') as VirtualMachineInstance;
  const admission = caseJson.admission ?? true;
  const config = new ClusterConfig({
    release: KubeVirtRelease.of(release),
    arch: caseJson.arch ?? 'amd64',
    kubevirt: kubevirtText ? (parse(kubevirtText) as KubeVirt) : undefined,
  });
  let renderVmi: VirtualMachineInstance | undefined;
  return {
    name,
    dir,
    inputVMI,
    get renderVmi() {
      return (renderVmi ??= admission ? applyCreateDefaultsDirect(inputVMI, config) : inputVMI);
    },
    // without admission the render receives the VMI as written
    vmi: expected.vmi ?? (admission ? undefined : inputVMI),
    pod: expected.pod,
    error: expected.error,
    admission,
    config,
    state: new MemoryClusterState(objects),
  };
}

export function caseNames(release: KubeVirtVersion = 'v1.4.0'): string[] {
  const dir = conformanceDir(release);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'expected.json')))
    .map((e) => e.name)
    .sort();
}
