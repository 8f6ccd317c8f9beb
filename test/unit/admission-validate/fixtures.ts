// Loads every conformance case (VMI and VM corpora) with its expected verdicts, for the validator tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ClusterConfig, type Arch } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState, type ClusterObject } from '../../../src/state/cluster-state.js';
import type { KubeVirt, VirtualMachine, VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import type { AdmissionVerdict } from '../../../src/admission/validate/index.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

export interface FixtureCase {
  name: string;
  corpus: 'conformance' | 'vm-conformance';
  input: VirtualMachineInstance | VirtualMachine;
  vmi?: VirtualMachineInstance;
  admit?: AdmissionVerdict;
  vmAdmit?: AdmissionVerdict;
  config: ClusterConfig;
  state: MemoryClusterState;
}

export function loadFixtures(): FixtureCase[] {
  const cases: FixtureCase[] = [];
  for (const corpus of ['conformance', 'vm-conformance'] as const) {
    const root = join(FIXTURES, 'conformance', 'v1.4.0', corpus === 'conformance' ? 'cases' : 'vm-cases');
    for (const name of readdirSync(root).sort()) {
      const dir = join(root, name);
      if (!existsSync(join(dir, 'expected.json'))) continue;
      const read = (file: string): string | undefined =>
        existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined;
      const caseJson = JSON.parse(read('case.json') ?? '{}') as { arch?: Arch };
      const kubevirtText = read('kubevirt.yaml');
      const objectsText = read('objects.yaml');
      const expected = JSON.parse(read('expected.json')!) as {
        vmi?: VirtualMachineInstance;
        admit?: AdmissionVerdict;
        vmAdmit?: AdmissionVerdict;
      };
      const objects = objectsText
        ? parseAllDocuments(objectsText)
            .map((doc) => doc.toJS() as ClusterObject | null)
            .filter((o): o is ClusterObject => o !== null)
        : [];
      cases.push({
        name: `${corpus}/${name}`,
        corpus,
        input: parse(read('vmi.yaml')!) as VirtualMachineInstance | VirtualMachine,
        vmi: expected.vmi,
        admit: expected.admit,
        vmAdmit: expected.vmAdmit,
        config: new ClusterConfig({
          release: V1_4_0,
          arch: caseJson.arch ?? 'amd64',
          kubevirt: kubevirtText ? (parse(kubevirtText) as KubeVirt) : undefined,
        }),
        state: new MemoryClusterState(objects),
      });
    }
  }
  return cases;
}
