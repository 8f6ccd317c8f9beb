// The resource.Quantity fields of a VirtualMachineInstance and what a Go decode/encode round trip does to
// them: every value is parsed and printed again (canonical form, e.g. `2048Mi` -> `2Gi`, `cpu: 2` -> "2"),
// non-pointer quantities that are absent come back as "0", and pointer quantities that are null vanish.
// The list mirrors the int-or-string quantity fields of the v1.4.0 VMI schema (probe ports are
// IntOrString, not quantities, and are left alone).
import { Quantity, QuantityParseError } from '../../quantity/quantity.js';
import { InvalidInputError } from '../../errors.js';
import { cloneData } from '../../util/clone.js';
import type { VirtualMachineInstance } from '../../types/kubevirt.js';

type JsonObject = Record<string, unknown>;

/**
 * How a quantity field is stored in Go: `pointer` (*Quantity, omitted when nil), `value` (Quantity, always
 * marshalled, "0" when absent), or a `list` (ResourceList map; every entry is a Quantity value).
 */
type FieldKind = 'pointer' | 'value' | 'list';

/** Returns the replacement for a field; `undefined` removes it. */
type FieldMapper = (value: unknown, path: string) => unknown;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Quantity);

function mapField(parent: unknown, key: string, kind: FieldKind, path: string, fn: FieldMapper): void {
  if (!isObject(parent)) return;
  const fieldPath = `${path}.${key}`;
  const current = parent[key];
  if (kind === 'list') {
    if (!isObject(current)) return;
    for (const name of Object.keys(current))
      current[name] = fn(current[name] ?? null, `${fieldPath}.${name}`);
    return;
  }
  if (kind === 'pointer' && (current === undefined || current === null)) {
    delete parent[key];
    return;
  }
  const next = fn(current ?? null, fieldPath);
  if (next === undefined) delete parent[key];
  else parent[key] = next;
}

function eachItem(list: unknown, path: string, visit: (item: unknown, itemPath: string) => void): void {
  if (!Array.isArray(list)) return;
  list.forEach((item, index) => visit(item, `${path}[${index}]`));
}

/** Applies fn to every quantity field of the VMI (in place). */
function mapVmiQuantities(vmi: VirtualMachineInstance, fn: FieldMapper): void {
  const root = vmi as unknown as JsonObject;
  const spec = root.spec as JsonObject | undefined;
  const domain = isObject(spec) ? (spec.domain as JsonObject | undefined) : undefined;
  if (isObject(domain)) {
    mapField(domain.memory, 'guest', 'pointer', 'spec.domain.memory', fn);
    mapField(domain.memory, 'maxGuest', 'pointer', 'spec.domain.memory', fn);
    mapField(domain.resources, 'limits', 'list', 'spec.domain.resources', fn);
    mapField(domain.resources, 'requests', 'list', 'spec.domain.resources', fn);
  }
  if (isObject(spec)) {
    eachItem(spec.volumes, 'spec.volumes', (volume, volumePath) => {
      if (!isObject(volume)) return;
      mapField(volume.emptyDisk, 'capacity', 'value', `${volumePath}.emptyDisk`, fn);
      mapField(volume.hostDisk, 'capacity', 'value', `${volumePath}.hostDisk`, fn);
      const downwardAPI = volume.downwardAPI;
      if (isObject(downwardAPI)) {
        eachItem(downwardAPI.fields, `${volumePath}.downwardAPI.fields`, (field, fieldPath) => {
          if (!isObject(field)) return;
          mapField(field.resourceFieldRef, 'divisor', 'value', `${fieldPath}.resourceFieldRef`, fn);
        });
      }
    });
  }
  const status = root.status;
  if (!isObject(status)) return;
  for (const key of ['guestAtBoot', 'guestCurrent', 'guestRequested']) {
    mapField(status.memory, key, 'pointer', 'status.memory', fn);
  }
  const pvcInfo = (info: unknown, path: string): void => {
    mapField(info, 'capacity', 'list', path, fn);
    mapField(info, 'requests', 'list', path, fn);
  };
  eachItem(status.migratedVolumes, 'status.migratedVolumes', (item, itemPath) => {
    if (!isObject(item)) return;
    pvcInfo(item.sourcePVCInfo, `${itemPath}.sourcePVCInfo`);
    pvcInfo(item.destinationPVCInfo, `${itemPath}.destinationPVCInfo`);
  });
  eachItem(status.volumeStatus, 'status.volumeStatus', (item, itemPath) => {
    if (!isObject(item)) return;
    pvcInfo(item.persistentVolumeClaimInfo, `${itemPath}.persistentVolumeClaimInfo`);
  });
  const migrationState = status.migrationState;
  if (isObject(migrationState)) {
    mapField(
      migrationState.migrationConfiguration,
      'bandwidthPerMigration',
      'pointer',
      'status.migrationState.migrationConfiguration',
      fn,
    );
  }
}

/** Quantity.UnmarshalJSON on a decoded JSON value; a bad value is an input error naming the field. */
export function decodeQuantity(value: unknown, path: string): Quantity {
  if (value instanceof Quantity) return value;
  try {
    return Quantity.decodeJSON(value);
  } catch (err) {
    if (!(err instanceof QuantityParseError) && !(err instanceof TypeError)) throw err;
    const message = `${path}: ${err.message}`;
    throw new InvalidInputError(`invalid quantity ${JSON.stringify(value)} at ${message}`, [
      { location: { file: '' }, path, message: err.message, severity: 'error' },
    ]);
  }
}

/** Replaces every quantity field with a parsed Quantity object (absent non-pointer fields become 0). */
export function decodeVmiQuantities(vmi: VirtualMachineInstance): void {
  mapVmiQuantities(vmi, (value, path) => decodeQuantity(value, path));
}

/** Replaces every quantity field (Quantity object or raw JSON value) with its Go MarshalJSON string. */
export function encodeVmiQuantities(vmi: VirtualMachineInstance): void {
  mapVmiQuantities(vmi, (value, path) => decodeQuantity(value, path).toString());
}

/**
 * A deep copy of the VMI whose quantity fields look as they do after Go decoded and re-encoded it:
 * canonical strings, "0" for absent value-typed quantities. Apply it once to raw input (a canonical
 * string re-parsed can change format, e.g. a BinarySI "1536" reads back as DecimalSI).
 */
export function canonicalizeVmiQuantities(vmi: VirtualMachineInstance): VirtualMachineInstance {
  const copy = cloneData(vmi);
  encodeVmiQuantities(copy);
  return copy;
}

/** Reads a quantity-typed field that may hold a Quantity (during defaulting) or raw JSON. */
export function quantityOf(value: unknown): Quantity {
  return value instanceof Quantity ? value : Quantity.fromJSON(value ?? null);
}
