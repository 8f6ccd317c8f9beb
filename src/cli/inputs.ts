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
  expandPaths,
  MAX_INPUT_BYTES,
  parseDocuments,
  readInput,
  type FieldPath,
  type SourceDocument,
} from '../io/documents.js';
import { checkDocument, documentRole, RENDERED_KINDS, UNSUPPORTED_KINDS } from '../schema/document-check.js';
import { suggestCommand } from '../util/suggest.js';
import { ClusterConfig, type Arch } from '../cluster/cluster-config.js';
import { MemoryClusterState, type ClusterObject } from '../state/cluster-state.js';
import type { KubeVirt, VirtualMachine, VirtualMachineInstance } from '../types/kubevirt.js';

export interface InputOptions {
  /** Files, directories (their *.yaml, *.yml, *.json) and '-'. */
  files: string[];
  clusterConfig?: string;
  /** Files and directories of cluster objects. */
  objects: string[];
  /** Read the subdirectories of directory inputs too. */
  recursive?: boolean;
  /** Refuse inputs larger than this (default MAX_INPUT_BYTES). */
  maxInputBytes?: number;
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
  /**
   * Set when the schema refused the document only for missing required fields: Go still decodes it, so
   * virt-api's webhooks can be asked (lint reports their verdict too), but nothing is rendered.
   */
  admissionOnly?: boolean;
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

/** A schema problem Go's decoder does not mind: a required field left out (not the name, which nothing can stand in for). */
const isMissingRequiredField = (problem: InputProblem): boolean =>
  problem.stage === 'schema' && problem.path !== 'metadata' && /^"[^"]+" is required$/.test(problem.message);

/** The problems of one document (src/schema/document-check.ts), located in its file. */
function validate(
  kind: string,
  source: SourceDocument,
  base: FieldPath,
  value: unknown,
  strict: boolean,
  release: KubeVirtRelease,
): InputProblem[] {
  const issues = checkDocument(kind, value, {
    release,
    strict,
    ...(source.facts ? { facts: source.facts } : {}),
  });
  return issues.map((issue) => ({
    ...problemAt(source, [...base, ...issue.path], issue.message, issue.severity),
    stage: 'schema' as const,
  }));
}

/** The item as the API server stores it (dropNullFields), sparing the walk where the reader saw no null. */
function withoutNullFields(item: { document: SourceDocument; value: unknown }): unknown {
  return item.document.facts?.nullFree ? item.value : dropNullFields(item.value);
}

function readDocuments(file: string, stdin: () => Buffer, maxBytes: number): SourceDocument[] {
  return parseDocuments(readInput(file, stdin, maxBytes));
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
  const maxBytes = options.maxInputBytes ?? MAX_INPUT_BYTES;
  const expand = (paths: string[]): { file: string; fromDirectory: boolean }[] =>
    paths.flatMap((path) => {
      let found: { file: string; fromDirectory: boolean }[] = [];
      collect(() => (found = expandPaths([path], options.recursive ?? false)));
      return found;
    });
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
      const items = expandLists(readDocuments(file, stdin, maxBytes));
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
  const addClusterObject = (
    item: { document: SourceDocument; path: FieldPath },
    kind: string,
    value: Record<string, unknown>,
  ): InputProblem[] => {
    const found = validate(kind, item.document, item.path, value, options.strict, release);
    if (!found.some((problem) => problem.severity === 'error'))
      state.add(value as ClusterObject, options.namespace);
    return found;
  };
  for (const { file } of expand(options.objects)) {
    collect(() => {
      for (const item of expandLists(readDocuments(file, stdin, maxBytes))) {
        const value = withoutNullFields(item);
        const role = documentRole(value);
        if (role.role === 'invalid' || !isObject(value)) {
          problems.push(problemAt(item.document, item.path, 'not a Kubernetes object (no kind)', 'error'));
          continue;
        }
        if (role.role !== 'cluster-object') {
          problems.push(
            problemAt(
              item.document,
              item.path,
              `skipping ${role.kind}: the render does not consult this kind`,
              'warning',
            ),
          );
          continue;
        }
        appendAll(problems, addClusterObject(item, role.kind, value));
      }
    });
  }

  const targets: RenderTarget[] = [];
  const records: InputDocument[] = [];
  for (const { file, fromDirectory } of expand(options.files)) {
    collect(() => {
      const documents = readDocuments(file, stdin, maxBytes);
      if (documents.length === 0) {
        if (fromDirectory) return; // a directory may hold empty files
        problems.push({
          location: { file: displayName(file) },
          path: '',
          message: 'is empty: expected a VirtualMachineInstance or VirtualMachine (YAML or JSON)',
          severity: 'error',
        });
        return;
      }
      const items = expandLists(documents);
      let used = 0;
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
        const role = documentRole(value);
        if (!isObject(value)) {
          const message = `document ${label} ${role.role === 'invalid' ? role.message : 'is not a Kubernetes object'}`;
          report([problemAt(item.document, item.path, message, 'error')]);
          continue;
        }
        if (role.role === 'invalid') {
          report([
            value.kind !== undefined
              ? problemAt(
                  item.document,
                  [...item.path, 'kind'],
                  `must be VirtualMachineInstance or VirtualMachine, got ${JSON.stringify(value.kind)}`,
                  'error',
                )
              : problemAt(
                  item.document,
                  item.path,
                  'kind is required (VirtualMachineInstance or VirtualMachine)',
                  'error',
                ),
          ]);
          continue;
        }
        if (role.role === 'cluster-object') {
          // an instancetype, PVC, ConfigMap... kept beside the VMs: used as if given with --objects
          used++;
          report(addClusterObject(item, role.kind, value));
          continue;
        }
        if (role.role === 'other') {
          const unsupported = UNSUPPORTED_KINDS[role.kind];
          const misspelt = suggestCommand(role.kind, RENDERED_KINDS);
          // a directory holds other manifests too (Services, PriorityClasses...): skipped quietly, unless
          // the kind looks like a misspelt VirtualMachine(Instance)
          if (fromDirectory && !unsupported && !misspelt && role.kind !== 'KubeVirt') continue;
          const message =
            unsupported ??
            (role.kind === 'KubeVirt'
              ? 'skipping KubeVirt: give the KubeVirt CR with --cluster-config to render with its configuration'
              : `skipping ${role.kind}: only VirtualMachineInstance and VirtualMachine documents are rendered${misspelt ? ` (did you mean ${misspelt}?)` : ''}`);
          report([
            problemAt(item.document, [...item.path, 'kind'], message, unsupported ? 'error' : 'warning'),
          ]);
          continue;
        }
        used++;
        const found = validate(role.kind, item.document, item.path, value, options.strict, release);
        report(found);
        const errors = found.filter((problem) => problem.severity === 'error');
        const decodable = errors.every((problem) => isMissingRequiredField(problem));
        if (errors.length > 0 && !decodable) continue;
        targets.push({
          file,
          label,
          source: item.document,
          path: item.path,
          document: value as unknown as VirtualMachineInstance | VirtualMachine,
          record,
          ...(errors.length > 0 ? { admissionOnly: true } : {}),
        });
      }
      if (
        used === 0 &&
        !fromDirectory &&
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
  if (targets.length === 0 && options.files.length > 0 && !problems.some((p) => p.severity === 'error')) {
    problems.push({
      location: { file: '<command line>' },
      path: '',
      message: 'the inputs hold no VirtualMachineInstance or VirtualMachine to render',
      severity: 'error',
    });
  }
  return { targets, config, state, problems, documents: records, releaseSource: chosen.source };
}

/** push(...more) without spreading: a document can have tens of thousands of problems (stack-safe). */
function appendAll<T>(list: T[], more: readonly T[]): void {
  for (const item of more) list.push(item);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
