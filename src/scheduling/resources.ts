// What a Pod requests and a Node offers, as kube-scheduler counts them.
// upstream: k8s v1.31 pkg/api/v1/resource/helpers.go PodRequests, pkg/scheduler/framework/types.go Resource,
// pkg/apis/core/v1/defaults.go SetDefaults_Pod (requests default to limits)
import type { Container, Node, Pod } from 'kubernetes-types/core/v1.js';
import { Quantity } from '../quantity/quantity.js';

/** A resource list with integer amounts (cpu in millicores, everything else in units: Quantity.Value()). */
export type Amounts = Map<string, bigint>;

const CPU = 'cpu';
const PODS = 'pods';

function quantityOf(value: unknown): Quantity | undefined {
  return Quantity.tryParse(typeof value === 'string' ? value.trim() : value);
}

/** upstream: Resource.Add reads cpu as MilliValue, every other resource as Value (both round up). */
export function amountOf(name: string, value: unknown): bigint | undefined {
  const quantity = quantityOf(value);
  if (!quantity) return undefined;
  return name === CPU ? quantity.milliValue() : quantity.value();
}

function toAmounts(list: Record<string, unknown> | undefined): Amounts {
  const amounts: Amounts = new Map();
  for (const [name, value] of Object.entries(list ?? {})) {
    const amount = amountOf(name, value);
    if (amount !== undefined) amounts.set(name, amount);
  }
  return amounts;
}

function add(list: Amounts, other: Amounts): void {
  for (const [name, amount] of other) list.set(name, (list.get(name) ?? 0n) + amount);
}

function takeMax(list: Amounts, other: Amounts): void {
  for (const [name, amount] of other) {
    const current = list.get(name);
    if (current === undefined || amount > current) list.set(name, amount);
  }
}

/** The requests the API server stores: a resource with a limit and no request requests its limit. */
export function containerRequests(container: Container): Amounts {
  const requests = toAmounts(container.resources?.requests);
  for (const [name, amount] of toAmounts(container.resources?.limits)) {
    if (!requests.has(name)) requests.set(name, amount);
  }
  return requests;
}

/**
 * The Pod's effective request: the sum of its containers and its restartable init (sidecar) containers, or
 * the most any init container needs while it runs (with the sidecars started before it), whichever is more;
 * plus the Pod overhead. upstream: resourcehelper.PodRequests
 */
export function podRequests(pod: Pod): Amounts {
  const requests: Amounts = new Map();
  for (const container of pod.spec?.containers ?? []) add(requests, containerRequests(container));
  const restartable: Amounts = new Map();
  const initMax: Amounts = new Map();
  for (const container of pod.spec?.initContainers ?? []) {
    let running = containerRequests(container);
    if (container.restartPolicy === 'Always') {
      add(requests, running);
      add(restartable, running);
      running = new Map(restartable);
    } else {
      add(running, restartable);
    }
    takeMax(initMax, running);
  }
  takeMax(requests, initMax);
  add(requests, toAmounts(pod.spec?.overhead));
  return requests;
}

// upstream: v1helper.IsNativeResource / IsExtendedResourceName / schedutil.IsScalarResourceName
const isPrefixedNative = (name: string): boolean => name.includes('kubernetes.io/');
const isNative = (name: string): boolean => !name.includes('/') || isPrefixedNative(name);
const QUALIFIED_NAME =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
export const isExtendedResourceName = (name: string): boolean =>
  !isNative(name) && !name.startsWith('requests.') && QUALIFIED_NAME.test(`requests.${name}`);
export const isScalarResourceName = (name: string): boolean =>
  isExtendedResourceName(name) ||
  name.startsWith('hugepages-') ||
  isPrefixedNative(name) ||
  name.startsWith('attachable-volumes-');

/** What the scheduler counts of a resource list: cpu, memory, ephemeral-storage and the scalar resources. */
export function countedResources(list: Amounts): Amounts {
  const counted: Amounts = new Map();
  for (const [name, amount] of list) {
    if (name === CPU || name === 'memory' || name === 'ephemeral-storage' || isScalarResourceName(name)) {
      counted.set(name, amount);
    }
  }
  return counted;
}

/** A Node's allocatable resources (status.allocatable), with `pods` the number of Pods it takes. */
export function nodeAllocatable(node: Node): Amounts {
  return toAmounts(node.status?.allocatable);
}

export const allowedPodNumber = (allocatable: Amounts): bigint => allocatable.get(PODS) ?? 0n;

/** An amount as the Pod spec would write it (`1500m` cpu, `2148Mi` memory), else in bytes and about so many Mi. */
export function formatAmount(name: string, amount: bigint): string {
  if (name === CPU) return Quantity.fromMilli(amount, 'DecimalSI').toString();
  const binary = Quantity.fromInt(amount, 'BinarySI').toString();
  if (!/^[0-9]+$/.test(binary)) return binary;
  const decimal = Quantity.fromInt(amount, 'DecimalSI').toString();
  if (!/^[0-9]+$/.test(decimal)) return decimal;
  const mebi = 1024n * 1024n;
  if (name !== 'memory' && !name.startsWith('hugepages-')) return decimal;
  return amount >= mebi ? `${decimal} (about ${(Number(amount) / Number(mebi)).toFixed(1)}Mi)` : decimal;
}
