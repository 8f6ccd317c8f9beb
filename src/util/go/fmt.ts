// Go's fmt, for a format string given no arguments: what fmt.Errorf(message) makes of a message that was
// never meant as a format (upstream passes joined messages as the format in places).
// upstream: Go standard library fmt (print.go doPrintf, argNumber, parseArgNumber; format.go parsenum)

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** fmt.parsenum: digits from `start` (before `end`); Go gives up on absurdly long numbers. */
function parseNumber(format: string, start: number, end: number): { present: boolean; next: number } {
  if (start >= end) return { present: false, next: end };
  let next = start;
  let value = 0;
  while (next < end && isDigit(format[next])) {
    if (value > 1e6) return { present: false, next: end };
    value = value * 10 + Number(format[next]);
    next++;
  }
  return { present: next > start, next };
}

/**
 * fmt.argNumber with no arguments: an index `[n]` at `i` is never good. Returns where parsing goes on,
 * whether an index was written (well-formed or not, it makes the verb a BADINDEX) and whether it was
 * well-formed.
 */
function skipArgIndex(format: string, i: number): { next: number; written: boolean; found: boolean } {
  if (format[i] !== '[') return { next: i, written: false, found: false };
  if (format.length - i < 3) return { next: i + 1, written: true, found: false };
  const close = format.indexOf(']', i + 1);
  if (close === -1) return { next: i + 1, written: true, found: false };
  const { present, next } = parseNumber(format, i + 1, close);
  return { next: close + 1, written: true, found: present && next === close };
}

/** fmt.Sprintf(format) with no arguments: verbs print as `%!v(MISSING)` (and the like), `%%` as `%`. */
export function sprintfWithoutArgs(format: string): string {
  let out = '';
  const end = format.length;
  let i = 0;
  while (i < end) {
    const percent = format.indexOf('%', i);
    if (percent === -1) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, percent);
    i = percent + 1;
    let goodArgNum = true;
    /** An argument index at `i`, skipped (print.go argNumber); whether it was well-formed. */
    const argIndex = (): boolean => {
      const index = skipArgIndex(format, i);
      if (index.written) goodArgNum = false;
      i = index.next;
      return index.found;
    };
    while (i < end && '#0+- '.includes(format[i]!)) i++;
    let afterIndex = argIndex();
    if (format[i] === '*') {
      i++;
      out += '%!(BADWIDTH)';
      afterIndex = false;
    } else {
      const width = parseNumber(format, i, end);
      i = width.next;
      if (afterIndex && width.present) goodArgNum = false;
    }
    if (i + 1 < end && format[i] === '.') {
      i++;
      if (afterIndex) goodArgNum = false;
      afterIndex = argIndex();
      if (format[i] === '*') {
        i++;
        out += '%!(BADPREC)';
        afterIndex = false;
      } else {
        i = parseNumber(format, i, end).next;
      }
    }
    if (!afterIndex) argIndex();
    if (i >= end) {
      out += '%!(NOVERB)';
      break;
    }
    const verb = String.fromCodePoint(format.codePointAt(i)!);
    i += verb.length;
    if (verb === '%') out += '%';
    else out += `%!${verb}(${goodArgNum ? 'MISSING' : 'BADINDEX'})`;
  }
  return out;
}
