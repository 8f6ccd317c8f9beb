import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  chooseRelease,
  KubeVirtRelease,
  matchRelease,
  NEWEST_RELEASE,
  SUPPORTED_RELEASES,
} from '../../../src/release/release.js';

describe('release: which KubeVirt release is reproduced', () => {
  it('lists v1.4.0 and v1.9.0, the newest last', () => {
    assert.deepEqual(
      SUPPORTED_RELEASES.map((release) => release.version),
      ['v1.4.0', 'v1.9.0'],
    );
    assert.equal(NEWEST_RELEASE.version, 'v1.9.0');
  });

  it('keeps KUBEVIRT_VERSIONS oldest first (atLeast reads its order)', () => {
    const numbers = SUPPORTED_RELEASES.map((release) => release.version.slice(1).split('.').map(Number));
    for (let i = 1; i < numbers.length; i++) {
      const [a, b] = [numbers[i - 1]!, numbers[i]!];
      assert.ok(a[0]! < b[0]! || (a[0] === b[0] && (a[1]! < b[1]! || (a[1] === b[1] && a[2]! < b[2]!))));
    }
  });

  it('orders releases: atLeast and before', () => {
    const old = KubeVirtRelease.of('v1.4.0');
    const current = KubeVirtRelease.of('v1.9.0');
    assert.equal(current.atLeast('v1.9.0'), true);
    assert.equal(current.atLeast('v1.4.0'), true);
    assert.equal(old.atLeast('v1.9.0'), false);
    assert.equal(old.before('v1.9.0'), true);
    assert.equal(current.before('v1.9.0'), false);
  });

  it('matches a supported release exactly, with or without the v', () => {
    assert.deepEqual(matchRelease('v1.4.0'), { release: KubeVirtRelease.of('v1.4.0') });
    assert.deepEqual(matchRelease('1.9.0'), { release: KubeVirtRelease.of('v1.9.0') });
  });

  it('renders a patch release of a supported minor as that minor, with a warning', () => {
    const match = matchRelease('v1.9.3');
    assert.equal(match?.release.version, 'v1.9.0');
    assert.match(match?.warning ?? '', /v1\.9\.3 is not reproduced exactly; rendering as v1\.9\.0/);
  });

  it('refuses other minors and malformed versions', () => {
    for (const version of ['v1.5.0', 'v2.9.0', 'latest', 'v1.9', 'v1.9.0-rc.1', ''])
      assert.equal(matchRelease(version), undefined, version);
  });

  it('chooses: flag, then status.observedKubeVirtVersion, then spec.imageTag, then the newest', () => {
    const kubevirt = { spec: { imageTag: 'v1.4.0' }, status: { observedKubeVirtVersion: 'v1.9.0' } };
    assert.equal((chooseRelease('v1.4.0', kubevirt) as { source: string }).source, 'flag');
    assert.deepEqual(chooseRelease(undefined, kubevirt), {
      release: KubeVirtRelease.of('v1.9.0'),
      source: 'status.observedKubeVirtVersion',
    });
    assert.deepEqual(chooseRelease(undefined, { spec: { imageTag: 'v1.4.0' } }), {
      release: KubeVirtRelease.of('v1.4.0'),
      source: 'spec.imageTag',
    });
    // an image tag that names no supported release (a digest, a custom build) is not a version
    assert.deepEqual(chooseRelease(undefined, { spec: { imageTag: 'sha256:abc' } }), {
      release: NEWEST_RELEASE,
      source: 'default',
    });
    assert.deepEqual(chooseRelease(undefined, undefined), { release: NEWEST_RELEASE, source: 'default' });
  });

  it('reports an unsupported flag or observed version', () => {
    assert.deepEqual(chooseRelease('v1.6.0', undefined), { unsupported: 'v1.6.0', source: 'flag' });
    assert.deepEqual(chooseRelease(undefined, { status: { observedKubeVirtVersion: 'v1.2.0' } }), {
      unsupported: 'v1.2.0',
      source: 'status.observedKubeVirtVersion',
    });
  });
});
