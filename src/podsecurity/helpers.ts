// Shared by the checks. upstream: policy/helpers.go, policy/visitor.go
import type { Container, EphemeralContainer, PodSpec } from 'kubernetes-types/core/v1.js';

// upstream: joinQuote
export function joinQuote(items: readonly string[]): string {
  return items.length === 0 ? '' : `"${items.join('", "')}"`;
}

// upstream: pluralize
export function pluralize(singular: string, plural: string, count: number): string {
  return count === 1 ? singular : plural;
}

/** `container "a"` or `containers "a", "b"`: how every check names the containers at fault. */
export function containerList(names: readonly string[]): string {
  return `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;
}

/** Go's string order (bytes of UTF-8, which is code point order). */
export function compareGoStrings(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** What apimachinery's sets.String.List() returns: the distinct items, sorted. */
export function sortedSet(items: Iterable<string>): string[] {
  return [...new Set(items)].sort(compareGoStrings);
}

/** The fields of a Container the checks read (an EphemeralContainer has the same ones). */
export type AnyContainer = Container | EphemeralContainer;

// upstream: visitContainers (init containers, containers, ephemeral containers)
export function visitContainers(spec: PodSpec, visit: (container: AnyContainer) => void): void {
  for (const container of spec.initContainers ?? []) visit(container);
  for (const container of spec.containers ?? []) visit(container);
  for (const container of spec.ephemeralContainers ?? []) visit(container);
}

/** A Go *bool that is set and true (JSON null reads as unset). */
export const isTrue = (value: boolean | null | undefined): boolean => value === true;
/** A Go *bool that is set and false. */
export const isFalse = (value: boolean | null | undefined): boolean => value === false;
/** A Go pointer that is set (JSON null reads as unset). */
export const isSet = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** upstream: podSpec.OS != nil && podSpec.OS.Name == corev1.Windows */
export const isWindowsPod = (spec: PodSpec): boolean => spec.os?.name === 'windows';
