// One error taxonomy for the whole tool. Deep code throws these; only src/cli/ prints and exits.

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

export interface InputProblem {
  location: SourceLocation;
  /** Dotted field path, e.g. spec.domain.resources.requests.memory; empty for document-level problems. */
  path: string;
  message: string;
  severity: 'error' | 'warning';
  /** For a refusal by one of virt-api's validating webhooks: that webhook and upstream's own cause. */
  admission?: AdmissionCauseOrigin;
  /** What found it (absent: reading the inputs). */
  stage?: ProblemStage;
}

/**
 * The stage that found a problem: the schema check of an input, virt-api's VM or VMI validating webhook, the
 * render (upstream's virt-controller), PodSecurity admission, kube-apiserver's own Pod validation, or
 * kube-scheduler's filters (--nodes).
 */
export type ProblemStage =
  | 'input'
  | 'schema'
  | 'vm-admission'
  | 'vmi-admission'
  | 'render'
  | 'pod-security'
  | 'api-server'
  | 'scheduling';

export interface AdmissionCauseOrigin {
  /** The kind whose validating webhook refused: VirtualMachine or VirtualMachineInstance. */
  webhook: string;
  type: string;
  field: string;
  message: string;
}

/**
 * Problems reported per document (and per check that finds them by the thousand): past it, one more line
 * says how many were not shown. A document can hold a million mistakes; nobody reads them, and each costs.
 */
export const MAX_PROBLEMS_PER_DOCUMENT = 1000;

/** The line that stands for the problems past MAX_PROBLEMS_PER_DOCUMENT. */
export function moreProblemsMessage(hidden: number, approximate = false): string {
  return `${approximate ? 'about ' : ''}${hidden} more problem(s) in this document not shown (the first ${MAX_PROBLEMS_PER_DOCUMENT} are)`;
}

/**
 * The first MAX_PROBLEMS_PER_DOCUMENT of a document's problems and, past them, the one `more(message)` makes
 * of moreProblemsMessage.
 */
export function cappedProblems<P>(problems: readonly P[], more: (message: string) => P): P[] {
  if (problems.length <= MAX_PROBLEMS_PER_DOCUMENT) return [...problems];
  const shown = problems.slice(0, MAX_PROBLEMS_PER_DOCUMENT);
  shown.push(more(moreProblemsMessage(problems.length - shown.length)));
  return shown;
}

/**
 * The exit statuses of every command (the README's table). Each error class carries its own; the top-level
 * handler in src/cli/ maps anything else to EXIT_INTERNAL.
 */
export const EXIT_OK = 0;
/** Invalid input, a render error, a `lint` with errors, a failed `watch --once`, a cluster that failed `watch`. */
export const EXIT_FAILURE = 1;
/** Bad command-line usage. */
export const EXIT_USAGE = 2;
/** A bug in vmi-render (sysexits' EX_SOFTWARE). */
export const EXIT_INTERNAL = 70;
/** Standard output could not be written (ENOSPC, EIO, closed): sysexits' EX_IOERR. */
export const EXIT_OUTPUT = 74;

export abstract class VmiRenderError extends Error {
  abstract readonly exitCode: number;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Bad command-line usage (unknown flag, missing argument). */
export class UsageError extends VmiRenderError {
  readonly exitCode = EXIT_USAGE;
}

/** The input files are unreadable, unparsable or invalid. */
export class InvalidInputError extends VmiRenderError {
  readonly exitCode = EXIT_FAILURE;
  constructor(
    message: string,
    readonly problems: InputProblem[] = [],
  ) {
    super(message);
  }
}

/** Upstream would fail to create the VMI or its Pod (missing PVC, bad annotation, ...). */
export class RenderError extends VmiRenderError {
  readonly exitCode = EXIT_FAILURE;
}

/** Talking to a cluster failed (watch). */
export class ClusterError extends VmiRenderError {
  readonly exitCode = EXIT_FAILURE;
}

/** A bug in vmi-render. */
export class InternalError extends VmiRenderError {
  readonly exitCode = EXIT_INTERNAL;
}
