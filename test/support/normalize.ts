// The comparison rules of fixtures/conformance/README.md, shared by the conformance tests.

/** Rule 1: drop null values, empty objects, empty lists (recursively) and metadata.creationTimestamp. */
export function dropEmpty(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(dropEmpty).filter((item) => item !== undefined);
    return items.length ? items : undefined;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const cleaned = dropEmpty(child);
      if (cleaned !== undefined) out[key] = cleaned;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return value === null ? undefined : value;
}

const QEMU_TIMEOUT = /^(\d+)s$/;

interface Container {
  command?: string[];
  env?: { name: string }[];
}

/**
 * Rules 2, 3 and 4: the --qemu-timeout value must be in [240s, 360s) and is then replaced by a marker;
 * KUBEVIRT_RESOURCE_NAME_* env entries are put in name order. Returns the problems found.
 */
export function normalizePod(pod: unknown): { pod: unknown; problems: string[] } {
  const problems: string[] = [];
  const copy = structuredClone(pod) as {
    apiVersion?: unknown;
    kind?: unknown;
    metadata?: Record<string, unknown>;
    spec?: Record<string, unknown>;
  };
  if (copy.metadata) delete copy.metadata.creationTimestamp;
  // Rule 4: what the API server fills in on create (the conformance test checks our values)
  delete copy.apiVersion;
  delete copy.kind;
  if (copy.metadata) delete copy.metadata.namespace;
  for (const list of ['containers', 'initContainers']) {
    for (const container of (copy.spec?.[list] as Container[] | undefined) ?? []) {
      const command = container.command;
      const at = command?.indexOf('--qemu-timeout') ?? -1;
      if (command && at !== -1) {
        const match = QEMU_TIMEOUT.exec(command[at + 1] ?? '');
        const seconds = match ? Number(match[1]) : NaN;
        if (!(seconds >= 240 && seconds < 360))
          problems.push(`--qemu-timeout ${command[at + 1]} is not in [240s, 360s)`);
        command[at + 1] = '<qemu-timeout>';
      }
      if (container.env) {
        const isResource = (entry: { name: string }): boolean =>
          entry.name.startsWith('KUBEVIRT_RESOURCE_NAME_');
        const sorted = container.env
          .filter(isResource)
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        container.env = container.env.map((entry) => (isResource(entry) ? sorted.shift()! : entry));
      }
    }
  }
  return { pod: dropEmpty(copy), problems };
}
