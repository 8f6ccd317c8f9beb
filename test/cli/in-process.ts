// Shared by the CLI tests: the top-level handler run in-process with captured streams (fast enough for
// hundreds of runs), fixtures of the conformance corpus, temporary files, and what a clean failure looks like.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main, type CliIO } from '../../src/cli/main.js';
import { ROOT, type CliResult } from '../support/cli.js';

export const CONFORMANCE = join(ROOT, 'fixtures', 'conformance', 'v1.4.0', 'cases');
export const VM_CONFORMANCE = join(ROOT, 'fixtures', 'conformance', 'v1.4.0', 'vm-cases');
/** A plain VMI: a container disk and a cloud-init disk, nothing the render has to look up. */
export const BASIC_VMI = join(CONFORMANCE, '001-containerdisk-cloudinit-nocloud', 'vmi.yaml');
/** A VMI with two PVC volumes, and the PVCs (two documents) it needs. */
export const PVC_CASE = join(CONFORMANCE, '016-pvc-filesystem-and-readonly');

export interface CaptureStream {
  stream: NodeJS.WriteStream;
  text: () => string;
}

/** A stand-in for process.stdout/stderr that records what is written. */
export function captureStream(
  options: { isTTY?: boolean; fail?: Error; failFirst?: Error } = {},
): CaptureStream {
  let text = '';
  let failFirst = options.failFirst;
  const stream = {
    isTTY: options.isTTY ?? false,
    write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean {
      if (options.fail) throw options.fail;
      if (failFirst) {
        const failure = failFirst;
        failFirst = undefined;
        throw failure;
      }
      text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (typeof callback === 'function') callback();
      return true;
    },
  };
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

export interface InProcessOptions {
  input?: string | Buffer;
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  /** Make every write to stdout throw this. */
  stdoutFails?: Error;
  /** Make the first write to stderr throw this (and record the later ones). */
  stderrFailsFirst?: Error;
}

/** Runs `main(argv, io)` in this process. */
export async function runMain(args: string[], options: InProcessOptions = {}): Promise<CliResult> {
  const stdout = captureStream({
    isTTY: options.stdoutTTY ?? false,
    ...(options.stdoutFails ? { fail: options.stdoutFails } : {}),
  });
  const stderr = captureStream({
    isTTY: options.stderrTTY ?? false,
    ...(options.stderrFailsFirst ? { failFirst: options.stderrFailsFirst } : {}),
  });
  const input = options.input ?? '';
  const io: CliIO = {
    stdout: stdout.stream,
    stderr: stderr.stream,
    readStdin: () => (typeof input === 'string' ? Buffer.from(input) : input),
  };
  const status = await main(args, io);
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

/** A fresh temporary directory; `cleanup` removes it. */
export function tempDir(prefix = 'vmi-render-cli-'): {
  dir: string;
  file: (name: string, content: string | Buffer) => string;
  cleanup: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    file: (name, content) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const STACK_FRAME = /^\s+at /m;
const RAW_JS_ERROR = /\b(TypeError|RangeError|SyntaxError|ReferenceError)\b/;

/**
 * A clean failure: the expected non-zero status, nothing on stdout, a message on stderr naming `file` (and
 * `field` if given), no stack trace and no raw JavaScript error text.
 */
export function assertCleanFailure(
  result: CliResult,
  expected: { status?: number; file?: string; field?: string; message?: RegExp | string } = {},
): void {
  const context = `status ${String(result.status)}\nstdout:\n${result.stdout.slice(0, 500)}\nstderr:\n${result.stderr.slice(0, 2000)}`;
  assert.equal(result.status, expected.status ?? 1, context);
  assert.equal(result.stdout, '', `nothing on stdout\n${context}`);
  assert.notEqual(result.stderr.trim(), '', `a message on stderr\n${context}`);
  assert.doesNotMatch(result.stderr, STACK_FRAME, `no stack trace\n${context}`);
  assert.doesNotMatch(result.stderr, RAW_JS_ERROR, `no raw JavaScript error\n${context}`);
  assert.doesNotMatch(result.stderr, /internal error/, `not an internal error\n${context}`);
  if (expected.file !== undefined)
    assert.ok(result.stderr.includes(expected.file), `names ${expected.file}\n${context}`);
  if (expected.field !== undefined)
    assert.ok(result.stderr.includes(expected.field), `names ${expected.field}\n${context}`);
  if (typeof expected.message === 'string') assert.ok(result.stderr.includes(expected.message), context);
  else if (expected.message) assert.match(result.stderr, expected.message, context);
}

export interface ConformanceCase {
  name: string;
  dir: string;
  vmi: string;
  kubevirt?: string;
  objects?: string;
  settings: { arch?: string; admission?: boolean; launcherImage?: string; vmiUID?: string };
  /** The case expects a render error (expected.json has `error`). */
  error: boolean;
}

/** Every case of both conformance corpora, in name order. */
export function conformanceCases(): ConformanceCase[] {
  const cases: ConformanceCase[] = [];
  for (const base of [CONFORMANCE, VM_CONFORMANCE]) {
    for (const name of readdirSync(base).sort()) {
      const dir = join(base, name);
      const vmi = join(dir, 'vmi.yaml');
      if (!existsSync(vmi)) continue;
      const settingsFile = join(dir, 'case.json');
      const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { error?: string };
      cases.push({
        name,
        dir,
        vmi,
        ...(existsSync(join(dir, 'kubevirt.yaml')) ? { kubevirt: join(dir, 'kubevirt.yaml') } : {}),
        ...(existsSync(join(dir, 'objects.yaml')) ? { objects: join(dir, 'objects.yaml') } : {}),
        settings: existsSync(settingsFile) ? JSON.parse(readFileSync(settingsFile, 'utf8')) : {},
        error: expected.error !== undefined,
      });
    }
  }
  return cases;
}

/** The flags a conformance case implies (without the input files). */
export function caseFlags(
  testCase: ConformanceCase,
  files: { kubevirt?: string; objects?: string } = {},
): string[] {
  const flags: string[] = [];
  const kubevirt = files.kubevirt ?? testCase.kubevirt;
  const objects = files.objects ?? testCase.objects;
  if (kubevirt) flags.push('--cluster-config', kubevirt);
  if (objects) flags.push('--objects', objects);
  if (testCase.settings.arch) flags.push('--arch', testCase.settings.arch);
  if (testCase.settings.admission === false) flags.push('--no-admission');
  if (testCase.settings.launcherImage) flags.push('--launcher-image', testCase.settings.launcherImage);
  return flags;
}
