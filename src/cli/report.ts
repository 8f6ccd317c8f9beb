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

// Control characters (C0, DEL, C1), line and paragraph separators, and the bidirectional controls: what
// could end a line, move the cursor, recolour a terminal or reorder what is shown.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Text from the input made safe for one line of a terminal or a text report: every control character is
 * shown as an escape (`\n`, `\x1b`, `\u2028`), so one problem stays one line and nothing reaches the
 * terminal raw. Everything else is shown as is.
 */
export function escapeForText(text: string): string {
  UNPRINTABLE.lastIndex = 0;
  if (!UNPRINTABLE.test(text)) return text;
  return text.replace(UNPRINTABLE, (c) => {
    const named = NAMED_ESCAPES[c];
    if (named) return named;
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

export function formatLocation(problem: InputProblem): string {
  const { file, line, column } = problem.location;
  const name = escapeForText(file);
  return line !== undefined ? `${name}:${line}:${column ?? 1}` : name;
}

/** One line: `file:line:col: path: message`, every part from the input escaped (escapeForText). */
export function formatProblem(problem: InputProblem, colour: Colours): string {
  const where = colour.bold(formatLocation(problem));
  const path = problem.path ? `${escapeForText(problem.path)}: ` : '';
  const message = escapeForText(problem.message);
  if (problem.severity === 'warning') return `${colour.yellow('warning:')} ${where}: ${path}${message}`;
  return `${where}: ${path}${colour.red(message)}`;
}

export function sortProblems(problems: readonly InputProblem[]): InputProblem[] {
  return problems
    .slice()
    .sort(
      (a, b) =>
        a.location.file.localeCompare(b.location.file) ||
        (a.location.line ?? 0) - (b.location.line ?? 0) ||
        (a.location.column ?? 0) - (b.location.column ?? 0),
    );
}
