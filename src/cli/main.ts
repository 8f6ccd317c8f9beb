// The command line: commander wiring and the one top-level error handler. The only place that prints.
import { fstatSync, readFileSync, statSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { InternalError, UsageError, VmiRenderError, type InputProblem } from '../errors.js';
import { KUBEVIRT_VERSIONS, SUPPORTED_RELEASES, NEWEST_RELEASE } from '../release/release.js';
import { readStdin } from '../io/documents.js';
import { colours, formatProblem, sortProblems } from './report.js';
import { formatRendered, renderProblems, runPipeline, type RenderFlags } from './render-command.js';
import { formatLintReport, lintOutcome, type LintFormat } from './lint-command.js';

export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 70;
/** Standard output could not be written (ENOSPC, EIO, closed): sysexits' EX_IOERR. */
export const EXIT_OUTPUT = 74;

export interface CliIO {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  readStdin: () => Buffer;
}

const defaultIO = (): CliIO => {
  let stdin: Buffer | undefined;
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // bounded: `vmi-render - < /dev/zero` stops at the input size limit
    readStdin: () => (stdin ??= readStdin()),
  };
};

/** Writing standard output failed: one line on standard error, exit EXIT_OUTPUT. */
class OutputError extends Error {}

function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reasons: Record<string, string> = {
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    EIO: 'input/output error',
    EBADF: 'standard output is closed',
    EFBIG: 'file too large',
    EAGAIN: 'standard output is not writable',
  };
  const reason = (code && reasons[code]) ?? (error instanceof Error ? error.message : String(error));
  return `cannot write to standard output: ${reason}${code ? ` (${code})` : ''}`;
}

/**
 * Write errors on the real standard output. A reader that goes away early (`vmi-render ... | head`) is not
 * an error: exit quietly. Any other error fails the pending write (see write), which ends the command.
 */
function handleOutputErrors(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
}

/**
 * Whether the process was started with standard output closed (`>&-`): Node.js then opens /dev/null in its
 * place, read-write, where a shell's `>/dev/null` opens it write-only (Linux only: /proc/self/fdinfo).
 */
function stdoutWasClosed(): boolean {
  try {
    const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync('/proc/self/fdinfo/1', 'utf8'));
    if (!flags || (parseInt(flags[1]!, 8) & 3) !== 2) return false;
    const stdout = fstatSync(1);
    return stdout.isCharacterDevice() && stdout.rdev === statSync('/dev/null').rdev;
  } catch {
    return false;
  }
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function addInputOptions(command: Command): Command {
  return command
    .argument('<FILE...>', "VirtualMachineInstance or VirtualMachine manifests ('-' for standard input)")
    .option('--cluster-config <FILE>', 'the KubeVirt CR whose spec.configuration is the cluster config')
    .option('--objects <FILE>', 'cluster objects the render consults (repeatable)', collect, [] as string[])
    .addOption(
      new Option('--arch <ARCH>', 'architecture virt-controller runs on')
        .choices(['amd64', 'arm64', 's390x', 'ppc64le'])
        .default('amd64'),
    )
    .option('--no-admission', 'render the VMI exactly as given (skip the create-time defaults)')
    .option('--launcher-image <IMAGE>', 'virt-launcher image (default: derived from the KubeVirt CR)')
    .option('--sidecar-shim-image <IMAGE>', 'hook sidecar shim image (default: derived from the KubeVirt CR)')
    .option('-n, --namespace <NS>', 'namespace for documents that have none', 'default')
    .option('--uid <UID>', 'UID of the rendered VMI (default: derived from namespace and name)')
    .option('--strict', 'treat unknown fields (and, for lint, every warning) as errors', false)
    .option(
      '--kubevirt-version <VERSION>',
      `KubeVirt release to reproduce: ${KUBEVIRT_VERSIONS.join(', ')} (default: the KubeVirt CR's status.observedKubeVirtVersion, else its spec.imageTag, else ${NEWEST_RELEASE.version})`,
    );
}

const TOOL_VERSION = '0.1.0';

async function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  if (!text) return;
  if (stream === process.stdout && stdoutWasClosed()) {
    throw new OutputError(describeWriteError({ code: 'EBADF' }));
  }
  // a system error (an errno code) is the output's fault; anything else is vmi-render's
  const failure = (error: unknown): unknown =>
    /^E[A-Z]+$/.test(String((error as NodeJS.ErrnoException | undefined)?.code))
      ? new OutputError(describeWriteError(error))
      : error;
  await new Promise<void>((resolve, reject) => {
    try {
      stream.write(text, (error) =>
        error && (error as NodeJS.ErrnoException).code !== 'EPIPE' ? reject(failure(error)) : resolve(),
      );
    } catch (error) {
      reject(failure(error));
    }
  });
}

function printProblems(io: CliIO, problems: InputProblem[]): void {
  const colour = colours(io.stderr);
  const lines = sortProblems(problems).map((problem) => formatProblem(problem, colour));
  if (lines.length) io.stderr.write(lines.join('\n') + '\n');
}

function toFlags(options: Record<string, unknown>): RenderFlags {
  return {
    clusterConfig: options.clusterConfig as string | undefined,
    objects: (options.objects as string[] | undefined) ?? [],
    arch: options.arch as string,
    admission: options.admission as boolean,
    launcherImage: options.launcherImage as string | undefined,
    sidecarShimImage: options.sidecarShimImage as string | undefined,
    namespace: options.namespace as string,
    output: (options.output as string | undefined) ?? 'yaml',
    strict: options.strict as boolean,
    uid: options.uid as string | undefined,
    show: (options.show as string | undefined) ?? 'pod',
    kubevirtVersion: options.kubevirtVersion as string | undefined,
  };
}

function buildProgram(io: CliIO, setExit: (code: number) => void): Command {
  const program = new Command('vmi-render')
    .description(
      `Render the virt-launcher Pod KubeVirt (${KUBEVIRT_VERSIONS.join(', ')}) would create for a VirtualMachineInstance`,
    )
    .version(`vmi-render ${TOOL_VERSION} (reproduces KubeVirt ${KUBEVIRT_VERSIONS.join(', ')})`, '--version')
    .showHelpAfterError('(run vmi-render --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });

  addInputOptions(
    program
      .command('render', { isDefault: true })
      .description(
        'print the launcher Pod of each VirtualMachineInstance / VirtualMachine (the default command)',
      ),
  )
    .addOption(new Option('-o, --output <FORMAT>', 'output format').choices(['yaml', 'json']).default('yaml'))
    .addOption(
      new Option('--show <WHAT>', 'print the Pod, or the VMI that would be created')
        .choices(['pod', 'vmi'])
        .default('pod'),
    )
    .action(async (files: string[], options: Record<string, unknown>) => {
      const flags = toFlags(options);
      const outcome = runPipeline(files, flags, io.readStdin, flags.output === 'yaml' ? 'yaml' : 'objects');
      const problems = renderProblems(outcome);
      printProblems(io, problems);
      if (problems.some((problem) => problem.severity === 'error')) {
        setExit(EXIT_INVALID);
        return;
      }
      await write(
        io.stdout,
        formatRendered(outcome, flags.output as 'yaml' | 'json', flags.show as 'pod' | 'vmi'),
      );
      setExit(EXIT_OK);
    });

  addInputOptions(
    program
      .command('lint')
      .description('validate and render without printing Pods; report every problem per document'),
  )
    .addOption(
      new Option('-o, --output <FORMAT>', 'report format').choices(['text', 'json', 'junit']).default('text'),
    )
    .action(async (files: string[], options: Record<string, unknown>) => {
      const flags = toFlags(options);
      const report = lintOutcome(runPipeline(files, flags, io.readStdin, 'nothing'), flags.strict);
      const format = flags.output as LintFormat;
      await write(io.stdout, formatLintReport(report, format, colours(io.stdout)));
      setExit(report.failed ? EXIT_INVALID : EXIT_OK);
    });

  program
    .command('versions')
    .description('list the KubeVirt releases vmi-render reproduces')
    .addOption(new Option('-o, --output <FORMAT>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (options: { output: string }) => {
      const releases = SUPPORTED_RELEASES.map((release) => ({
        version: release.version,
        kubernetes: release.facts.kubernetes,
        released: release.facts.date,
        default: release === NEWEST_RELEASE,
      }));
      const text =
        options.output === 'json'
          ? JSON.stringify({ tool: TOOL_VERSION, releases }, null, 2) + '\n'
          : releases
              .map(
                (release) =>
                  `${release.version}\tKubernetes ${release.kubernetes}\treleased ${release.released}${release.default ? '\t(default)' : ''}`,
              )
              .join('\n') + '\n';
      await write(io.stdout, text);
      setExit(EXIT_OK);
    });

  program
    .command('watch')
    .description('keep rendered launcher Pods applied for the VMIs of a cluster (a controller)')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .helpOption(false)
    .action(async (_options: unknown, command: Command) => {
      const { runWatch } = await import('../watch/command.js');
      setExit(await runWatch(command.args, io));
    });

  return program;
}

/** Runs the CLI; resolves to the exit code. Never throws. */
export async function main(argv: string[], io: CliIO = defaultIO()): Promise<number> {
  if (io.stdout === process.stdout) handleOutputErrors(process.stdout);
  let exitCode = EXIT_OK;
  const program = buildProgram(io, (code) => (exitCode = code));
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    return handleError(error, io);
  }
}

function handleError(error: unknown, io: CliIO): number {
  if (error instanceof CommanderError) {
    if (
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.version' ||
      error.code === 'commander.help'
    ) {
      return EXIT_OK;
    }
    return EXIT_USAGE; // commander already printed the message
  }
  if (error instanceof OutputError) {
    io.stderr.write(`vmi-render: ${error.message}\n`);
    return EXIT_OUTPUT;
  }
  if (error instanceof UsageError) {
    io.stderr.write(`vmi-render: ${error.message}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof VmiRenderError && !(error instanceof InternalError)) {
    if ('problems' in error && Array.isArray(error.problems) && error.problems.length) {
      printProblems(io, error.problems as InputProblem[]);
    } else {
      io.stderr.write(`vmi-render: ${error.message}\n`);
    }
    return error.exitCode;
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.stderr.write(
    `vmi-render: internal error (this is a bug in vmi-render; please report it with the input that caused it)\n` +
      (process.env.VMI_RENDER_DEBUG
        ? `${detail}\n`
        : `${error instanceof Error ? error.message : String(error)}\n`),
  );
  return EXIT_INTERNAL;
}
