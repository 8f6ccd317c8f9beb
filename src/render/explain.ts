// What `vmi-render explain` shows: the terms the render adds up, recorded by the render itself while it
// renders (off unless a RenderExplanation is passed in RenderOptions).
import { Quantity } from '../quantity/quantity.js';

/** One addend of a rendered quantity: what it is (upstream's name), its value, and why it applies. */
export interface ExplainTerm {
  name: string;
  value: Quantity;
  reason: string;
}

/** The renderer's four resource lists (upstream ResourceRenderer fields). */
export type RendererList = 'vmRequests' | 'vmLimits' | 'calculatedRequests' | 'calculatedLimits';

/** Why a node-selector key is there: the field, feature gate or cluster-config field that put it there. */
export interface SelectorReason {
  source: string;
  reason: string;
}

/**
 * The recorder the render fills in. Each entry of the resource renderer's lists carries the terms that sum
 * to it; options that set an entry replace its terms, options that add to it append one.
 */
export class RenderExplanation {
  /** The launcher's memory overhead (GetMemoryOverhead plus the network's), term by term. */
  readonly memoryOverhead: ExplainTerm[] = [];
  /** Notes on the overhead that are not addends (e.g. an additional ratio that does not parse). */
  readonly notes: string[] = [];
  readonly lists = new Map<string, ExplainTerm[]>();
  /** The compute container's resources, resolved after rendering: resource name -> terms. */
  readonly compute: { requests: Map<string, ExplainTerm[]>; limits: Map<string, ExplainTerm[]> } = {
    requests: new Map(),
    limits: new Map(),
  };
  readonly nodeSelector = new Map<string, SelectorReason>();
  /** Affinity terms (or node-selector requirements) the render adds to the VMI's spec.affinity. */
  readonly affinity: (SelectorReason & { term: unknown })[] = [];

  private key(list: RendererList, resource: string): string {
    return `${list}/${resource}`;
  }

  terms(list: RendererList, resource: string): ExplainTerm[] {
    return this.lists.get(this.key(list, resource)) ?? [];
  }

  set(list: RendererList, resource: string, terms: readonly ExplainTerm[]): void {
    this.lists.set(this.key(list, resource), [...terms]);
  }

  add(list: RendererList, resource: string, ...terms: ExplainTerm[]): void {
    this.lists.set(this.key(list, resource), [...this.terms(list, resource), ...terms]);
  }

  copy(from: RendererList, to: RendererList, resource: string): void {
    this.set(to, resource, this.terms(from, resource));
  }

  selector(key: string, source: string, reason: string): void {
    this.nodeSelector.set(key, { source, reason });
  }

  affinityTerm(term: unknown, source: string, reason: string): void {
    this.affinity.push({ term: structuredClone(term), source, reason });
  }
}

/** The sum of terms (a zero quantity for none). */
export function sumTerms(terms: readonly ExplainTerm[]): Quantity {
  return terms.reduce((sum, term) => sum.add(term.value), Quantity.zero());
}
