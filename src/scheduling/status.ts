// A filter plugin's verdict on one node. upstream: k8s v1.31 pkg/scheduler/framework/interface.go Status
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import type { Amounts } from './resources.js';

export type PluginName =
  | 'NodeUnschedulable'
  | 'NodeName'
  | 'TaintToleration'
  | 'NodeAffinity'
  | 'NodeResourcesFit'
  | 'InterPodAffinity';

/** Unschedulable: preemption may help; UnschedulableAndUnresolvable: it cannot. */
export type Code = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export interface Rejection {
  plugin: PluginName;
  code: Code;
  /** kube-scheduler's reasons, in its words (`Insufficient memory`). */
  reasons: string[];
}

/** A node with what is already running on it. upstream: framework.NodeInfo */
export interface NodeInfo {
  node: Node;
  /** The Pods bound to the node that have not terminated. */
  pods: Pod[];
  allocatable: Amounts;
  /** The sum of the effective requests of `pods`. */
  requested: Amounts;
}

export type Filter = (pod: Pod, nodeInfo: NodeInfo) => Rejection | undefined;
