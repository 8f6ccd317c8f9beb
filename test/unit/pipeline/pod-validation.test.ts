// The Pod rules kube-apiserver enforces that an upstream-rendered Pod has been seen to break (podRefusals).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { podRefusals } from '../../../src/pod-validation.js';
import type { Pod } from '../../../src/types/k8s.js';

const pod = (spec: Pod['spec']): Pod => ({ metadata: { generateName: 'virt-launcher-x-' }, spec });

describe('podRefusals', () => {
  it('finds nothing in a valid Pod', () => {
    const valid = pod({
      containers: [
        {
          name: 'compute',
          image: 'quay.io/kubevirt/virt-launcher:v1.9.0',
          resources: { requests: { cpu: '100m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } },
        },
      ],
      dnsConfig: { options: [{ name: 'ndots', value: '2' }] },
    });
    assert.deepEqual(podRefusals(valid), []);
  });

  it('a container without an image', () => {
    const refusals = podRefusals(
      pod({ initContainers: [{ name: 'kernel' }], containers: [{ name: 'compute', image: 'x' }] }),
    );
    assert.deepEqual(refusals, [{ field: 'spec.initContainers[0].image', message: 'Required value' }]);
  });

  it('a request above its limit, compared as quantities and printed canonically', () => {
    const refusals = podRefusals(
      pod({
        containers: [
          {
            name: 'hotplug',
            image: 'x',
            resources: {
              requests: { cpu: '1', memory: '100M', 'ephemeral-storage': '1Gi' },
              limits: { cpu: '10m', memory: '0.1G', 'ephemeral-storage': '2Gi' },
            },
          },
        ],
      }),
    );
    assert.deepEqual(refusals, [
      {
        field: 'spec.containers[0].resources.requests',
        message: 'Invalid value: "1": must be less than or equal to cpu limit of 10m',
      },
    ]);
  });

  it('a DNS option without a name', () => {
    const refusals = podRefusals(
      pod({ containers: [{ name: 'c', image: 'x' }], dnsConfig: { options: [{ name: 'ndots' }, {}] } }),
    );
    assert.deepEqual(refusals, [
      { field: 'spec.dnsConfig.options[1]', message: 'Required value: must not be empty' },
    ]);
  });

  it("container DRA claims: named, once, and among the Pod's resourceClaims", () => {
    const claims = [
      { name: 'gpu' },
      { name: 'gpu' },
      { name: 'nic', request: 'vf' },
      { name: 'nic', request: 'vf' },
      { name: 'nic' },
      { name: '' },
      { name: 'other', request: 'Bad_Request' },
    ];
    const refusals = podRefusals(
      pod({
        containers: [{ name: 'compute', image: 'x', resources: { claims } }],
        // (kubernetes-types still has the v1.27 PodResourceClaim: no resourceClaimName)
        resourceClaims: [{ name: 'gpu' }, { name: 'nic' }],
      }),
    );
    const at = (index: number): string => `spec.containers[0].resources.claims[${index}]`;
    assert.deepEqual(refusals, [
      { field: at(1), message: 'Duplicate value: "gpu"' },
      { field: at(3), message: 'Duplicate value: "nic/vf"' },
      { field: at(4), message: 'Duplicate value: "nic"' },
      { field: at(5), message: 'Required value' },
      {
        field: `${at(6)}.request`,
        message:
          "Invalid value: \"Bad_Request\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      },
      {
        field: at(6),
        message: 'Not found: "other": must be one of the names in pod.spec.resourceClaims: gpu, nic',
      },
    ]);
    const none = podRefusals(
      pod({ containers: [{ name: 'compute', image: 'x', resources: { claims: [{ name: 'gpu' }] } }] }),
    );
    assert.deepEqual(none, [
      {
        field: at(0),
        message: 'Not found: "gpu": must be one of the names in pod.spec.resourceClaims which is empty',
      },
    ]);
  });
});
