// The network check that both virt-api (on VMI creation) and virt-controller (before it creates a VM's VMI)
// run: interfaces may no longer use a discontinued binding.
// upstream: pkg/network/admitter (v1.4.0: slirp.go validateCreationSlirpBinding; v1.9.0: discontinued.go
// validateDiscontinuedBindings, which adds passt and macvtap)
import type { KubeVirtRelease, KubeVirtVersion } from '../../release/release.js';
import type { VMISpec } from '../../types/kubevirt.js';

/** A binding an interface may not use any more, and upstream's message for it. */
export interface DiscontinuedBinding {
  /** the interface's index in spec.domain.devices.interfaces */
  index: number;
  binding: 'slirp' | 'passt' | 'macvtap';
  message: string;
}

const DISCONTINUED: readonly {
  binding: DiscontinuedBinding['binding'];
  message: string;
  since: KubeVirtVersion;
}[] = [
  { binding: 'slirp', message: 'Slirp interface support has been discontinued since v1.3', since: 'v1.4.0' },
  { binding: 'passt', message: 'Passt network binding has been discontinued since v1.3', since: 'v1.9.0' },
  {
    binding: 'macvtap',
    message: 'Macvtap network binding has been discontinued since v1.3',
    since: 'v1.9.0',
  },
];

/** The discontinued bindings the spec's interfaces use, interface by interface, in upstream's order. */
export function discontinuedBindingsIn(spec: VMISpec, release: KubeVirtRelease): DiscontinuedBinding[] {
  const found: DiscontinuedBinding[] = [];
  (spec.domain.devices.interfaces ?? []).forEach((iface, index) => {
    for (const { binding, message, since } of DISCONTINUED) {
      // a binding present in the object, even `{}`: Go's pointer is not nil
      if (release.atLeast(since) && iface[binding] != null) found.push({ index, binding, message });
    }
  });
  return found;
}
