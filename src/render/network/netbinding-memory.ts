// upstream: pkg/network/netbinding/memory.go MemoryCalculator
import type { Interface, KubeVirtConfiguration, VirtualMachineInstance } from '../../types/kubevirt.js';
import { Quantity } from '../../quantity/quantity.js';

type BindingPlugins = NonNullable<NonNullable<KubeVirtConfiguration['network']>['binding']>;
type BindingPlugin = BindingPlugins[string];

function filterUniquePlugins(
  interfaces: readonly Interface[],
  registeredPlugins: BindingPlugins,
): BindingPlugin[] {
  const seen = new Set<string>();
  const plugins: BindingPlugin[] = [];
  for (const iface of interfaces) {
    if (!iface.binding) continue;
    const name = iface.binding.name;
    if (seen.has(name)) continue;
    if (!Object.prototype.hasOwnProperty.call(registeredPlugins, name)) continue;
    const plugin = registeredPlugins[name];
    if (plugin === undefined) continue;
    seen.add(name);
    plugins.push(plugin);
  }
  return plugins;
}

/** The memory the VMI's network binding plugins ask to be added to the launcher's overhead. */
export function calculateNetBindingPluginMemory(
  vmi: VirtualMachineInstance,
  registeredPlugins: BindingPlugins | undefined,
): Quantity {
  let result = Quantity.zero();
  for (const plugin of filterUniquePlugins(
    vmi.spec.domain.devices.interfaces ?? [],
    registeredPlugins ?? {},
  )) {
    const memory = plugin.computeResourceOverhead?.requests?.['memory'];
    if (memory === undefined || memory === null) continue;
    result = result.add(Quantity.fromJSON(memory));
  }
  return result;
}
