// Go's path / path/filepath (Unix) lexical helpers, so joined paths come out exactly like upstream's.
// upstream: Go standard library path.Clean, path.Join, filepath.Dir, filepath.Base

/** A `.` or `..` segment. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

// upstream: path.Clean
export function cleanPath(path: string): string {
  if (path === '') return '.';
  // most paths are clean already: no empty, `.` or `..` segment and no trailing slash
  if (path === '/' || (!path.endsWith('/') && !path.includes('//') && !DOT_SEGMENT.test(path))) return path;
  const rooted = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
      continue;
    }
    out.push(part);
  }
  const joined = out.join('/');
  if (rooted) return `/${joined}`;
  return joined === '' ? '.' : joined;
}

// upstream: path.Join / filepath.Join
export function joinPath(...elements: string[]): string {
  const nonEmpty = elements.filter((element) => element !== '');
  return nonEmpty.length === 0 ? '' : cleanPath(nonEmpty.join('/'));
}

// upstream: filepath.Dir
export function dirPath(path: string): string {
  return cleanPath(path.slice(0, path.lastIndexOf('/') + 1));
}

// upstream: filepath.Base
export function basePath(path: string): string {
  if (path === '') return '.';
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}
