// What `vmi-render explain` shows: the terms the render adds up, recorded by the render itself while it
// renders (off unless a RenderExplanation is passed in RenderOptions).
import { Quantity } from '../quantity/quantity.js';
import { FieldProvenance, type ExplainTerm, type Provenance } from '../pkg/explain/provenance.js';

export { FieldProvenance, type ExplainTerm, type Provenance };

/** The renderer's four resource lists (upstream ResourceRenderer fields). */
export type RendererList = 'vmRequests' | 'vmLimits' | 'calculatedRequests' | 'calculatedLimits';

/** Why a node-selector key is there: the field, feature gate or cluster-config field that put it there. */
export type SelectorReason = Provenance;

/** The key of the Pod's own securityContext in RenderExplanation.securityContexts. */
export const POD_SECURITY_CONTEXT = '';

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
  /** Each annotation and label of the Pod: who put it there (set in the order the render sets them). */
  readonly annotations = new Map<string, Provenance>();
  /** Each volume and container of the Pod: why the render added it. */
  readonly volumes = new Map<string, Provenance>();
  readonly containers = new Map<string, Provenance>();
  readonly labels = new Map<string, Provenance>();
  /** Container name (POD_SECURITY_CONTEXT for the Pod) -> securityContext field -> why it has that value. */
  readonly securityContexts = new Map<string, Map<string, Provenance>>();

  /** `fields`: where the VMI's fields came from, recorded by the stages before the render. */
  constructor(readonly fields: FieldProvenance = new FieldProvenance()) {}

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

  annotation(key: string, source: string, reason: string): void {
    this.annotations.set(key, { source, reason });
  }

  label(key: string, source: string, reason: string): void {
    this.labels.set(key, { source, reason });
  }

  volume(name: string, source: string, reason: string): void {
    this.volumes.set(name, { source, reason });
  }

  container(name: string, source: string, reason: string): void {
    this.containers.set(name, { source, reason });
  }

  /** Why `field` of a container's securityContext (POD_SECURITY_CONTEXT: the Pod's) has its value. */
  security(container: string, field: string, source: string, reason: string): void {
    let fields = this.securityContexts.get(container);
    if (fields === undefined) this.securityContexts.set(container, (fields = new Map()));
    fields.set(field, { source, reason });
  }

  /** The same reason for several fields. */
  securityFields(container: string, fields: readonly string[], source: string, reason: string): void {
    for (const field of fields) this.security(container, field, source, reason);
  }

  /** Why the VMI has a field (recorded by the stage that set it), if a stage recorded one. */
  field(path: string): Provenance | undefined {
    return this.fields.get(path);
  }
}

/** The sum of terms (a zero quantity for none). */
export function sumTerms(terms: readonly ExplainTerm[]): Quantity {
  return terms.reduce((sum, term) => sum.add(term.value), Quantity.zero());
}
