// Sidecars of network binding plugins.
// upstream: pkg/network/netbinding/netbinding.go
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import { RenderError } from '../../errors.js';
import type { VirtualMachineInstance } from '../../types/kubevirt.js';
import type { HookSidecar } from '../hooks.js';
import type { InterfaceBindingPlugin } from '../../pkg/network/vmispec.js';

/**
 * One sidecar per distinct binding plugin (used by an interface) that has a sidecarImage.
 * Upstream iterates a Go map here, so with several such plugins its order is random; we use the order in
 * which the interfaces first reference each plugin.
 */
// upstream: netbinding.NetBindingPluginSidecarList
export function netBindingPluginSidecarList(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
): HookSidecar[] {
  const bindings = config.getNetworkBindings();
  const bindingByName = new Map<string, InterfaceBindingPlugin>();
  for (const iface of vmi.spec.domain.devices.interfaces ?? []) {
    if (!iface.binding) continue;
    const name = iface.binding.name;
    const plugin = bindings && Object.hasOwn(bindings, name) ? bindings[name] : undefined;
    if (plugin === undefined) {
      // upstream v1.9.0 fixed the "bindining" typo
      const what = config.release.atLeast('v1.9.0') ? 'network binding' : 'network bindining';
      throw new RenderError(`couldn't find configuration for ${what}: ${name}`);
    }
    if (!bindingByName.has(name)) bindingByName.set(name, plugin);
  }

  const sidecars: HookSidecar[] = [];
  for (const [name, plugin] of bindingByName) {
    if (!plugin.sidecarImage) continue;
    const sidecar: HookSidecar = {
      image: plugin.sidecarImage,
      imagePullPolicy: config.getImagePullPolicy(),
      networkBindingPluginName: name,
    };
    if (plugin.downwardAPI) sidecar.downwardAPI = plugin.downwardAPI;
    sidecars.push(sidecar);
  }
  return sidecars;
}

// upstream: netbinding.ReadNetBindingPluginConfiguration
export function readNetBindingPluginConfiguration(
  config: ClusterConfig,
  pluginName: string,
): InterfaceBindingPlugin | undefined {
  const bindings = config.getNetworkBindings();
  return bindings && Object.hasOwn(bindings, pluginName) ? bindings[pluginName] : undefined;
}
