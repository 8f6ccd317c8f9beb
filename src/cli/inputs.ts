// Turns command-line inputs into the documents to render and the simulated cluster around them.
import { InvalidInputError, type InputProblem } from '../errors.js';
import {
  expandLists,
  parseDocuments,
  readInput,
  type FieldPath,
  type SourceDocument,
} from '../io/documents.js';
import { validateDocument, schemaKindFor, type SchemaKind } from '../schema/validate.js';
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
}

/** One VMI or VM to render, with where it came from. */
export interface RenderTarget {
  file: string;
  /** 1-based document number in the file (and item index for Lists). */
  label: string;
  source: SourceDocument;
  path: FieldPath;
  document: VirtualMachineInstance | VirtualMachine;
}

export interface LoadedInputs {
  targets: RenderTarget[];
  config: ClusterConfig;
  state: MemoryClusterState;
  /** Problems per document label (render targets) and for the cluster inputs. */
  problems: InputProblem[];
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
): InputProblem[] {
  return validateDocument(kind, value).map((issue) =>
    problemAt(source, [...base, ...issue.path], issue.message, strict ? 'error' : issue.severity),
  );
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
      if (error instanceof InvalidInputError) problems.push(...error.problems);
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
      const [item] = kubevirts;
      const found = validate('KubeVirt', item!.document, item!.path, item!.value, options.strict);
      problems.push(...found);
      if (!found.some((problem) => problem.severity === 'error')) kubevirt = item!.value as KubeVirt;
    });
  }
  const config = new ClusterConfig({ arch: options.arch, ...(kubevirt ? { kubevirt } : {}) });

  const state = new MemoryClusterState([], options.namespace);
  for (const file of options.objects) {
    collect(() => {
      for (const item of expandLists(readDocuments(file, stdin))) {
        const value = item.value;
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
        const schemaKind = schemaKindFor(value.apiVersion, value.kind);
        const found = schemaKind ? validate(schemaKind, item.document, item.path, value, options.strict) : [];
        problems.push(...found);
        if (!found.some((problem) => problem.severity === 'error'))
          state.add(value as ClusterObject, options.namespace);
      }
    });
  }

  const targets: RenderTarget[] = [];
  for (const file of options.files) {
    collect(() => {
      const documents = readDocuments(file, stdin);
      const items = expandLists(documents);
      let renderable = 0;
      for (const item of items) {
        const value = item.value;
        const label = item.path.length
          ? `${item.document.index}/items[${String(item.path[1])}]`
          : String(item.document.index);
        if (!isObject(value)) {
          const what = Array.isArray(value) ? 'a list' : value === null ? 'empty' : `a ${typeof value}`;
          problems.push(
            problemAt(
              item.document,
              item.path,
              `document ${label} is ${what}, not a Kubernetes object`,
              'error',
            ),
          );
          continue;
        }
        if (value.kind !== 'VirtualMachineInstance' && value.kind !== 'VirtualMachine') {
          const kind = typeof value.kind === 'string' ? value.kind : undefined;
          problems.push(
            problemAt(
              item.document,
              [...item.path, ...(kind ? ['kind'] : [])],
              kind
                ? `skipping ${kind}: only VirtualMachineInstance and VirtualMachine documents are rendered`
                : 'kind is required (VirtualMachineInstance or VirtualMachine)',
              kind ? 'warning' : 'error',
            ),
          );
          continue;
        }
        renderable++;
        const kind = value.kind;
        const schemaKind = schemaKindFor(value.apiVersion, kind) ?? kind;
        const found = validate(schemaKind, item.document, item.path, value, options.strict);
        problems.push(...found);
        if (found.some((problem) => problem.severity === 'error')) continue;
        targets.push({
          file,
          label,
          source: item.document,
          path: item.path,
          document: value as unknown as VirtualMachineInstance | VirtualMachine,
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
  return { targets, config, state, problems };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
