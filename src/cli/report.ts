// Printing problems: `file:line:col: path: message`, coloured on a TTY only.
import { Chalk, type ChalkInstance } from 'chalk';
import type { InputProblem } from '../errors.js';

export function colours(stream: NodeJS.WriteStream): ChalkInstance {
  const enabled = stream.isTTY === true && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb';
  return new Chalk({ level: enabled ? 1 : 0 });
}

export function formatLocation(problem: InputProblem): string {
  const { file, line, column } = problem.location;
  return line !== undefined ? `${file}:${line}:${column ?? 1}` : file;
}

export function formatProblem(problem: InputProblem, colour: ChalkInstance): string {
  const where = colour.bold(formatLocation(problem));
  const path = problem.path ? `${problem.path}: ` : '';
  if (problem.severity === 'warning') return `${colour.yellow('warning:')} ${where}: ${path}${problem.message}`;
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
