// The library's explain(): render()'s Pod plus where its figures come from; render() records nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explain, render, type VirtualMachineInstance } from '../../../src/index.js';
import { Quantity } from '../../../src/quantity/quantity.js';

const vmi = {
  apiVersion: 'kubevirt.io/v1',
  kind: 'VirtualMachineInstance',
  metadata: { name: 'small', namespace: 'default' },
  spec: {
    domain: {
      cpu: { cores: 4, dedicatedCpuPlacement: true },
      resources: { requests: { memory: '1Gi' } },
      devices: { tpm: {} },
    },
  },
} as unknown as VirtualMachineInstance;

describe('explain()', () => {
  for (const kubevirtVersion of ['v1.4.0', 'v1.9.0']) {
    it(`gives render()'s Pod and terms that add up to its figures (${kubevirtVersion})`, () => {
      const explained = explain({ document: vmi, kubevirtVersion });
      const rendered = render({ document: vmi, kubevirtVersion });
      assert.deepEqual(explained.pod, rendered.pod);
      const compute = rendered.pod.spec!.containers.find((c) => c.name === 'compute')!;
      const memory = explained.explanation.resources.compute.memory;
      for (const [figure, expected] of [
        [memory.request, compute.resources!.requests!['memory']],
        [memory.limit, compute.resources!.limits!['memory']],
        [explained.explanation.resources.compute.cpu.limit, compute.resources!.limits!['cpu']],
      ] as const) {
        assert.ok(figure);
        assert.equal(figure.value, expected);
        const sum = figure.terms.reduce(
          (total, term) => total.add(Quantity.parse(term.value)),
          Quantity.zero(),
        );
        assert.equal(sum.cmp(Quantity.parse(figure.value)), 0);
      }
      const names = memory.request!.terms.map((term) => term.name);
      assert.ok(names.includes('TPM'));
      assert.ok(names.includes('dedicatedCPUsOrGuaranteedQoS'));
      assert.equal(
        explained.explanation.scheduling.nodeSelector[
          kubevirtVersion === 'v1.4.0' ? 'cpumanager' : 'kubevirt.io/cpumanager'
        ]?.source,
        'spec.domain.cpu.dedicatedCpuPlacement',
      );
      const { annotations, labels, securityContext } = explained.explanation;
      assert.deepEqual(Object.keys(annotations), Object.keys(rendered.pod.metadata!.annotations!));
      assert.deepEqual(Object.keys(labels), Object.keys(rendered.pod.metadata!.labels!));
      assert.deepEqual(Object.keys(securityContext.pod), Object.keys(rendered.pod.spec!.securityContext!));
      assert.equal(securityContext.pod['runAsUser']?.source, 'feature gate Root (off)');
      assert.deepEqual(
        Object.keys(securityContext.containers['compute']!),
        Object.keys(compute.securityContext!),
      );
    });
  }
});
