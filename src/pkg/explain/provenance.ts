// Where the fields of a VMI came from, recorded by the stages that set them (the VM controller's instancetype
// and preference, virt-api's create-time defaults) for `vmi-render explain`. Off unless explain asks: every
// stage takes an optional FieldProvenance and records nothing without one.
import type { Quantity } from '../../quantity/quantity.js';

/** One addend of a rendered quantity: what it is (upstream's name), its value, and why it applies. */
export interface ExplainTerm {
  name: string;
  value: Quantity;
  reason: string;
}

/** Why something is there: the spec field, feature gate, cluster-config field or object that put it there. */
export interface Provenance {
  source: string;
  reason: string;
  /** For a quantity derived from others (a request from the guest memory and the overcommit): its addends. */
  terms?: readonly ExplainTerm[];
}

/**
 * The VMI fields a stage set, by path (`spec.domain.memory.guest`, `spec.domain.cpu`,
 * `spec.domain.resources.requests.memory`, `metadata.annotations.<key>`, `metadata.labels.<key>`,
 * `status.runtimeUser`). A later stage that sets a field again replaces its entry.
 */
export class FieldProvenance {
  readonly fields = new Map<string, Provenance>();

  set(path: string, source: string, reason: string, terms?: readonly ExplainTerm[]): void {
    this.fields.set(path, { source, reason, ...(terms ? { terms: [...terms] } : {}) });
  }

  get(path: string): Provenance | undefined {
    return this.fields.get(path);
  }
}
