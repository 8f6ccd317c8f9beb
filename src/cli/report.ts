// Printing problems: `file:line:col: path: message`, coloured on a TTY only.
// Plain ANSI codes rather than chalk: chalk's colour detection imports `node:process` as an ES module, which
// opens process.stdin and puts a piped standard input in non-blocking mode; reading `-` then fails with
// EAGAIN whenever the producer is slower than vmi-render's start-up.
import type { InputProblem } from '../errors.js';

export interface Colours {
  bold(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
}

const style =
  (enabled: boolean, open: number, close: number) =>
  (text: string): string =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;

export function colours(stream: NodeJS.WriteStream): Colours {
  const enabled = stream.isTTY === true && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb';
  return { bold: style(enabled, 1, 22), red: style(enabled, 31, 39), yellow: style(enabled, 33, 39) };
}

export function formatLocation(problem: InputProblem): string {
  const { file, line, column } = problem.location;
  return line !== undefined ? `${file}:${line}:${column ?? 1}` : file;
}

export function formatProblem(problem: InputProblem, colour: Colours): string {
  const where = colour.bold(formatLocation(problem));
  const path = problem.path ? `${problem.path}: ` : '';
  if (problem.severity === 'warning')
    return `${colour.yellow('warning:')} ${where}: ${path}${problem.message}`;
  return `${where}: ${path}${colour.red(problem.message)}`;
}

export function sortProblems(problems: InputProblem[]): InputProblem[] {
  return [...problems].sort(
    (a, b) =>
      a.location.file.localeCompare(b.location.file) ||
      (a.location.line ?? 0) - (b.location.line ?? 0) ||
      (a.location.column ?? 0) - (b.location.column ?? 0),
  );
}
