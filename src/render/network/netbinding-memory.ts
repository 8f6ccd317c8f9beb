// upstream: pkg/network/netbinding/memory.go MemoryCalculator
import type { Interface, KubeVirtConfiguration, VirtualMachineInstance } from '../../types/kubevirt.js';
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import { Quantity } from '../../quantity/quantity.js';
import type { ExplainTerm } from '../explain.js';

type BindingPlugins = NonNullable<NonNullable<KubeVirtConfiguration['network']>['binding']>;
type BindingPlugin = BindingPlugins[string];

function filterUniquePlugins(
  interfaces: readonly Interface[],
  registeredPlugins: BindingPlugins,
): [string, BindingPlugin][] {
  const seen = new Set<string>();
  const plugins: [string, BindingPlugin][] = [];
  for (const iface of interfaces) {
    if (!iface.binding) continue;
    const name = iface.binding.name;
    if (seen.has(name)) continue;
    if (!Object.prototype.hasOwnProperty.call(registeredPlugins, name)) continue;
    const plugin = registeredPlugins[name];
    if (plugin === undefined) continue;
    seen.add(name);
    plugins.push([name, plugin]);
  }
  return plugins;
}

/** The memory the VMI's network binding plugins ask to be added to the launcher's overhead. */
export function calculateNetBindingPluginMemory(
  vmi: VirtualMachineInstance,
  registeredPlugins: BindingPlugins | undefined,
  terms?: ExplainTerm[],
): Quantity {
  let result = Quantity.zero();
  for (const [name, plugin] of filterUniquePlugins(
    vmi.spec.domain.devices.interfaces ?? [],
    registeredPlugins ?? {},
  )) {
    const memory = plugin.computeResourceOverhead?.requests?.['memory'];
    if (memory === undefined || memory === null) continue;
    const value = Quantity.fromJSON(memory);
    result = result.add(value);
    terms?.push({
      name: `networkBinding ${name}`,
      value,
      reason: `network binding plugin "${name}": network.binding.${name}.computeResourceOverhead.requests.memory (cluster config)`,
    });
  }
  return result;
}

/** upstream v1.9.0 vmispec.HasPasstBinding: an interface with the core passt binding (`passtBinding`). */
function hasPasstBinding(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.domain.devices.interfaces ?? []).some(
    (iface) => (iface as Interface & { passtBinding?: unknown }).passtBinding != null,
  );
}

// passt's compute memory overhead when all ports are forwarded (upstream v1.9.0 getPasstMemoryOverhead)
const PASST_MEMORY_OVERHEAD = '250Mi';

/**
 * The memory the VMI's networking adds to the launcher's overhead: the binding plugins' requests, and from
 * v1.9.0 the core passt binding's.
 * upstream: netbinding.MemoryCalculator (v1.4.0); network/resources/memory.go MemoryCalculator (v1.9.0)
 */
export function calculateNetworkMemory(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  terms?: ExplainTerm[],
): Quantity {
  const passt = config.release.atLeast('v1.9.0') && hasPasstBinding(vmi);
  if (passt) {
    terms?.push({
      name: 'passtBinding',
      value: Quantity.parse(PASST_MEMORY_OVERHEAD),
      reason: 'an interface with the core passt binding (passtBinding), all ports forwarded',
    });
  }
  const plugins = calculateNetBindingPluginMemory(vmi, config.getNetworkBindings(), terms);
  if (!passt) return plugins;
  return Quantity.zero().add(Quantity.parse(PASST_MEMORY_OVERHEAD)).add(plugins);
}
