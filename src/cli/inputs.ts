// Turns command-line inputs into the documents to render and the simulated cluster around them.
import { dropNullFields } from '../util/objects.js';
import { InvalidInputError, UsageError, type InputProblem } from '../errors.js';
import {
  chooseRelease,
  unsupportedVersionMessage,
  type KubeVirtRelease,
  type ReleaseSource,
} from '../release/release.js';
import {
  expandLists,
  nonFiniteNumbers,
  parseDocuments,
  readInput,
  type FieldPath,
  type SourceDocument,
} from '../io/documents.js';
import { validateDocument, schemaKindFor, type SchemaKind } from '../schema/validate.js';
import { unsignedIntegerIssues } from '../schema/go-integers.js';
import { ClusterConfig, type Arch } from '../cluster/cluster-config.js';
import { CLUSTER_OBJECT_KINDS, MemoryClusterState, type ClusterObject } from '../state/cluster-state.js';
import type { KubeVirt, VirtualMachine, VirtualMachineInstance } from '../types/kubevirt.js';

export interface InputOptions {
  files: string[];
  clusterConfig?: string;
  objects: string[];
  arch: Arch;
  namespace: string;
  strict: boolean;
  /** `--kubevirt-version`; absent: from the KubeVirt CR, else the newest supported release. */
  kubevirtVersion?: string;
}

/** A document of a FILE input (rendered or not) and the problems found in it, for `lint`. */
export interface InputDocument {
  /** The file as problems name it (`<stdin>` for '-'). */
  file: string;
  /** 1-based document number in the file (and item index for Lists). */
  label: string;
  kind?: string;
  name?: string;
  problems: InputProblem[];
}

/** One VMI or VM to render, with where it came from. */
export interface RenderTarget {
  file: string;
  /** 1-based document number in the file (and item index for Lists). */
  label: string;
  source: SourceDocument;
  path: FieldPath;
  document: VirtualMachineInstance | VirtualMachine;
  record: InputDocument;
}

export interface LoadedInputs {
  targets: RenderTarget[];
  config: ClusterConfig;
  state: MemoryClusterState;
  /** Every problem found: in the documents, in whole files, in the cluster inputs. */
  problems: InputProblem[];
  /** The documents of the FILE inputs, in input order, each with its own problems. */
  documents: InputDocument[];
  /** Where the release (config.release) came from. */
  releaseSource: ReleaseSource;
}

export const formatPath = (path: FieldPath): string =>
  path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    '',
  );

const displayName = (file: string): string => (file === '-' ? '<stdin>' : file);

function problemAt(
  source: SourceDocument,
  path: FieldPath,
  message: string,
  severity: 'error' | 'warning',
): InputProblem {
  const { line, column } = source.locate(path);
  return {
    location: { file: displayName(source.file), line, column },
    path: formatPath(path),
    message,
    severity,
  };
}

/** Schema problems of one document; unknown fields are warnings unless strict. */
function validate(
  kind: SchemaKind,
  source: SourceDocument,
  base: FieldPath,
  value: unknown,
  strict: boolean,
  release: KubeVirtRelease,
): InputProblem[] {
  // (no whole number outside 0..4294967295: no unsigned field can refuse one)
  const unsigned = source.facts?.uint32Integers ? [] : unsignedIntegerIssues(kind, value);
  const issues = [...validateDocument(kind, value, source.facts, release), ...unsigned];
  // Numbers JSON cannot carry, where the schema has not already refused them (free-form fields).
  const reported = new Set(issues.map((issue) => formatPath(issue.path)));
  for (const path of source.facts?.finite ? [] : nonFiniteNumbers(value)) {
    if (reported.has(formatPath(path))) continue;
    issues.push({
      path: [...path],
      message: 'must be a finite number (YAML .inf and .nan have no JSON form)',
      severity: 'error',
    });
  }
  return issues.map((issue) =>
    problemAt(source, [...base, ...issue.path], issue.message, strict ? 'error' : issue.severity),
  );
}

/** The item as the API server stores it (dropNullFields), sparing the walk where the reader saw no null. */
function withoutNullFields(item: { document: SourceDocument; value: unknown }): unknown {
  return item.document.facts?.nullFree ? item.value : dropNullFields(item.value);
}

function readDocuments(file: string, stdin: () => Buffer): SourceDocument[] {
  return parseDocuments(readInput(file, stdin));
}

/** Reads every input. Problems in the inputs are collected, not thrown, so all are reported at once. */
export function loadInputs(options: InputOptions, stdin: () => Buffer): LoadedInputs {
  const problems: InputProblem[] = [];
  const collect = (action: () => void): void => {
    try {
      action();
    } catch (error) {
      if (error instanceof InvalidInputError) appendAll(problems, error.problems);
      else throw error;
    }
  };
  if (options.files.filter((file) => file === '-').length > 1) {
    problems.push({
      location: { file: '<stdin>' },
      path: '',
      message: 'standard input (-) given more than once',
      severity: 'error',
    });
  }

  let kubevirt: KubeVirt | undefined;
  let kubevirtItem: { document: SourceDocument; path: FieldPath; value: unknown } | undefined;
  if (options.clusterConfig) {
    const file = options.clusterConfig;
    collect(() => {
      const items = expandLists(readDocuments(file, stdin));
      const kubevirts = items.filter((item) => isObject(item.value) && item.value.kind === 'KubeVirt');
      if (kubevirts.length !== 1) {
        problems.push({
          location: { file: displayName(file) },
          path: '',
          message: `expected exactly one KubeVirt object (kind: KubeVirt), found ${kubevirts.length}`,
          severity: 'error',
        });
        return;
      }
      kubevirtItem = kubevirts[0]!;
    });
  }
  // The release decides which schemas apply, so it is chosen from the CR as written, before validation.
  const rawKubevirt = kubevirtItem && isObject(kubevirtItem.value) ? kubevirtItem.value : undefined;
  const chosen = chooseRelease(options.kubevirtVersion, rawKubevirt);
  if ('unsupported' in chosen) {
    const where = chosen.source === 'flag' ? '--kubevirt-version' : `the KubeVirt CR's ${chosen.source}`;
    throw new UsageError(
      `${unsupportedVersionMessage(chosen.unsupported)}${chosen.source === 'flag' ? '' : ` (from ${where}; choose one with --kubevirt-version)`}`,
    );
  }
  const release = chosen.release;
  if (chosen.warning) {
    problems.push({
      location: { file: options.clusterConfig ? displayName(options.clusterConfig) : '<command line>' },
      path: chosen.source === 'flag' || chosen.source === 'default' ? '' : chosen.source,
      message: chosen.warning,
      severity: 'warning',
    });
  }
  if (kubevirtItem) {
    const item = kubevirtItem;
    const value = withoutNullFields(item);
    const found = validate('KubeVirt', item.document, item.path, value, options.strict, release);
    appendAll(problems, found);
    if (!found.some((problem) => problem.severity === 'error')) kubevirt = value as KubeVirt;
  }
  const config = new ClusterConfig({ arch: options.arch, release, ...(kubevirt ? { kubevirt } : {}) });

  const state = new MemoryClusterState([], options.namespace);
  for (const file of options.objects) {
    collect(() => {
      for (const item of expandLists(readDocuments(file, stdin))) {
        const value = withoutNullFields(item);
        if (!isObject(value) || typeof value.kind !== 'string') {
          problems.push(problemAt(item.document, item.path, 'not a Kubernetes object (no kind)', 'error'));
          continue;
        }
        if (!(CLUSTER_OBJECT_KINDS as readonly string[]).includes(value.kind)) {
          problems.push(
            problemAt(
              item.document,
              item.path,
              `skipping ${value.kind}: the render does not consult this kind`,
              'warning',
            ),
          );
          continue;
        }
        // A kind the render consults but under an apiVersion it does not serve: validation names the versions.
        const schemaKind = schemaKindFor(value.apiVersion, value.kind) ?? (value.kind as SchemaKind);
        const found = validate(schemaKind, item.document, item.path, value, options.strict, release);
        appendAll(problems, found);
        if (!found.some((problem) => problem.severity === 'error'))
          state.add(value as ClusterObject, options.namespace);
      }
    });
  }

  const targets: RenderTarget[] = [];
  const records: InputDocument[] = [];
  for (const file of options.files) {
    collect(() => {
      const documents = readDocuments(file, stdin);
      if (documents.length === 0) {
        problems.push({
          location: { file: displayName(file) },
          path: '',
          message: 'is empty: expected a VirtualMachineInstance or VirtualMachine (YAML or JSON)',
          severity: 'error',
        });
        return;
      }
      const items = expandLists(documents);
      let renderable = 0;
      for (const item of items) {
        const value = withoutNullFields(item);
        const label = item.path.length
          ? `${item.document.index}/items[${String(item.path[1])}]`
          : String(item.document.index);
        const record: InputDocument = { file: displayName(file), label, problems: [] };
        records.push(record);
        const report = (found: InputProblem[]): void => {
          appendAll(record.problems, found);
          appendAll(problems, found);
        };
        if (isObject(value)) {
          if (typeof value.kind === 'string') record.kind = value.kind;
          const metadata = value.metadata;
          if (isObject(metadata) && typeof metadata.name === 'string') record.name = metadata.name;
        }
        if (!isObject(value)) {
          const what = Array.isArray(value) ? 'a list' : value === null ? 'empty' : `a ${typeof value}`;
          report([
            problemAt(
              item.document,
              item.path,
              `document ${label} is ${what}, not a Kubernetes object`,
              'error',
            ),
          ]);
          continue;
        }
        if (value.kind !== 'VirtualMachineInstance' && value.kind !== 'VirtualMachine') {
          const kind = typeof value.kind === 'string' ? value.kind : undefined;
          report([
            problemAt(
              item.document,
              [...item.path, ...(value.kind !== undefined ? ['kind'] : [])],
              kind
                ? `skipping ${kind}: only VirtualMachineInstance and VirtualMachine documents are rendered`
                : value.kind !== undefined
                  ? `must be VirtualMachineInstance or VirtualMachine, got ${JSON.stringify(value.kind)}`
                  : 'kind is required (VirtualMachineInstance or VirtualMachine)',
              kind ? 'warning' : 'error',
            ),
          ]);
          continue;
        }
        renderable++;
        const kind = value.kind;
        const schemaKind = schemaKindFor(value.apiVersion, kind) ?? kind;
        const found = validate(schemaKind, item.document, item.path, value, options.strict, release);
        const nameProblem = missingName(value);
        if (nameProblem)
          found.push(problemAt(item.document, [...item.path, 'metadata'], nameProblem, 'error'));
        report(found);
        if (found.some((problem) => problem.severity === 'error')) continue;
        targets.push({
          file,
          label,
          source: item.document,
          path: item.path,
          document: value as unknown as VirtualMachineInstance | VirtualMachine,
          record,
        });
      }
      if (
        renderable === 0 &&
        !problems.some(
          (problem) => problem.location.file === displayName(file) && problem.severity === 'error',
        )
      ) {
        problems.push({
          location: { file: displayName(file) },
          path: '',
          message: 'contains no VirtualMachineInstance or VirtualMachine',
          severity: 'error',
        });
      }
    });
  }
  return { targets, config, state, problems, documents: records, releaseSource: chosen.source };
}

/** The API server requires a name; one generated from generateName is random, so it cannot be rendered. */
function missingName(value: Record<string, unknown>): string | undefined {
  if (value.metadata !== undefined && !isObject(value.metadata)) return undefined; // the schema says why
  const metadata = isObject(value.metadata) ? value.metadata : {};
  if (typeof metadata.name === 'string' && metadata.name !== '') return undefined;
  if (typeof metadata.generateName === 'string' && metadata.generateName !== '') {
    return '"name" is required: the API server would pick a random name from generateName, which cannot be rendered';
  }
  return '"name" is required';
}

/** push(...more) without spreading: a document can have tens of thousands of problems (stack-safe). */
function appendAll<T>(list: T[], more: readonly T[]): void {
  for (const item of more) list.push(item);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
