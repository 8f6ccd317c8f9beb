// The command line: commander wiring and the one top-level error handler. The only place that prints.
import { existsSync, fstatSync, readFileSync, statSync } from 'node:fs';
import { Argument, Command, CommanderError, Option } from 'commander';
import {
  EXIT_FAILURE,
  EXIT_INTERNAL,
  EXIT_OK,
  EXIT_OUTPUT,
  EXIT_USAGE,
  InternalError,
  UsageError,
  VmiRenderError,
  type InputProblem,
} from '../errors.js';
import { KUBEVIRT_VERSIONS, SUPPORTED_RELEASES, NEWEST_RELEASE } from '../release/release.js';
import { readStdin } from '../io/documents.js';
import { colours, formatProblem, sortProblems } from './report.js';
import { formatRendered, renderProblems, runPipeline, type RenderFlags } from './render-command.js';
import { formatLintReport, lintOutcome, type LintFormat } from './lint-command.js';
import { formatExplanation } from './explain-command.js';
import { completionScript, COMPLETION_SHELLS, type CompletionShell } from './completion.js';
import { suggestCommand } from '../util/suggest.js';

export interface CliIO {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  /** Standard input, read up to one byte past maxBytes (the input size limit). */
  readStdin: (maxBytes: number) => Buffer;
}

const defaultIO = (): CliIO => {
  let stdin: Buffer | undefined;
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // bounded: `vmi-render - < /dev/zero` stops at the input size limit
    readStdin: (maxBytes) => (stdin ??= readStdin(maxBytes)),
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
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
  });
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** `--objects a.yaml,b.yaml` is `--objects a.yaml --objects b.yaml` (as kubectl's -f takes lists). */
function collectList(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...value.split(',').filter((part) => part !== '')];
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

function addInputOptions(command: Command): Command {
  return command
    .argument(
      '[FILE...]',
      "VirtualMachineInstance or VirtualMachine manifests, directories of them ('-' for standard input)",
    )
    .option(
      '-f, --filename <PATH>',
      'a manifest or a directory of manifests, like FILE (repeatable)',
      collect,
    )
    .option('-R, --recursive', 'read the subdirectories of directory inputs too')
    .option('--cluster-config <FILE>', 'the KubeVirt CR whose spec.configuration is the cluster config')
    .option(
      '--objects <PATH>',
      'cluster objects the render consults: files or directories (repeatable, or comma-separated); such objects among the inputs are used too',
      collectList,
    )
    .option(
      '--max-input-size <SIZE>',
      'refuse an input file larger than this (bytes, or with a unit: 64Mi)',
      '16Mi',
    )
    .addOption(
      new Option('--arch <ARCH>', 'architecture virt-controller runs on')
        .choices(['amd64', 'arm64', 's390x', 'ppc64le'])
        .default('amd64'),
    )
    .option('--no-admission', 'render the VMI exactly as given (skip the create-time defaults)')
    .option('--launcher-image <IMAGE>', 'virt-launcher image (default: derived from the KubeVirt CR)')
    .option('--sidecar-shim-image <IMAGE>', 'hook sidecar shim image (default: derived from the KubeVirt CR)')
    .option('-n, --namespace <NS>', 'namespace for documents that have none', 'default')
    .option(
      '--pod-security <LEVEL[:VERSION]>',
      'Pod Security level to check launcher Pods against where --objects has no Namespace labels saying one (privileged, baseline, restricted; VERSION v1.N or latest)',
    )
    .option(
      '--nodes <FILE>',
      "check where each launcher Pod can be scheduled: the Nodes (and Pods on them) as 'kubectl get nodes,pods -A -o yaml' prints them",
    )
    .option('--uid <UUID>', 'UID of the rendered VMI (default: derived from namespace and name)')
    .option('--strict', 'treat unknown fields (and, for lint, every warning) as errors', false)
    .option(
      '--kubevirt-version <VERSION>',
      `KubeVirt release to reproduce: ${KUBEVIRT_VERSIONS.join(', ')} (default: the KubeVirt CR's status.observedKubeVirtVersion, else its spec.imageTag, else ${NEWEST_RELEASE.version})`,
    );
}

const TOOL_VERSION = '0.1.0';
const VERSION_LINE = `vmi-render ${TOOL_VERSION} (reproduces KubeVirt ${KUBEVIRT_VERSIONS.join(', ')})`;

const EXAMPLES = `
Examples:
  vmi-render vm.yaml                                 print the launcher Pod of a VM or VMI
  vmi-render vms/ -R -o json                         every VM and VMI in a directory tree, as a JSON List
  vmi-render -f vm.yaml -f instancetypes/            inputs like kubectl's; cluster objects among them are used
  vmi-render vm.yaml --cluster-config kubevirt.yaml --objects pvcs.yaml,nads.yaml
  kubectl get vmi -A -o yaml | vmi-render - --no-admission --max-input-size 64Mi
  vmi-render vm.yaml | kubectl create --dry-run=server -f -
  vmi-render --pod-name stable vm.yaml | kubectl apply --server-side --dry-run=server -f -
  vmi-render lint vms/ -o junit                      a CI report of every problem
  vmi-render explain vm.yaml                         why the Pod requests the memory and CPU it does
  vmi-render help lint                               the options of another command`;

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
    podSecurity: options.podSecurity as string | undefined,
    nodes: options.nodes as string | undefined,
    podName: options.podName as string | undefined,
    recursive: options.recursive === true,
    maxInputSize: options.maxInputSize as string | undefined,
  };
}

/** FILE arguments, then the -f paths. */
function inputPaths(files: string[], options: Record<string, unknown>): string[] {
  const all = [...files, ...((options.filename as string[] | undefined) ?? [])];
  if (all.length === 0) {
    throw new UsageError(
      'no input: give FILE arguments, -f PATH or - (standard input); see vmi-render --help',
    );
  }
  return all;
}

function buildProgram(io: CliIO, setExit: (code: number) => void): Command {
  const program = new Command('vmi-render')
    .description(
      `Render the virt-launcher Pod KubeVirt (${KUBEVIRT_VERSIONS.join(', ')}) would create for a VirtualMachineInstance`,
    )
    .version(
      VERSION_LINE,
      '--version',
      'print the version of vmi-render and the KubeVirt releases it reproduces',
    )
    .showHelpAfterError('(run vmi-render --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });

  const render = addInputOptions(
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
    .option(
      '--pod-name <generate|stable|NAME>',
      "generate: upstream's generateName (for kubectl create); stable: virt-launcher-<vmi> as `watch` names it (for kubectl apply); NAME: this name (a single VMI only)",
      'generate',
    )
    .addHelpText('after', EXAMPLES)
    .action(async (files: string[], options: Record<string, unknown>) => {
      const flags = toFlags(options);
      const paths = inputPaths(files, options);
      const outcome = runPipeline(paths, flags, io.readStdin, flags.output === 'yaml' ? 'yaml' : 'objects');
      const problems = renderProblems(outcome);
      printProblems(io, problems);
      if (problems.some((problem) => problem.severity === 'error')) {
        setExit(EXIT_FAILURE);
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
      const paths = inputPaths(files, options);
      const report = lintOutcome(runPipeline(paths, flags, io.readStdin, 'nothing'), flags.strict);
      const format = flags.output as LintFormat;
      await write(io.stdout, formatLintReport(report, format, colours(io.stdout)));
      setExit(report.failed ? EXIT_FAILURE : EXIT_OK);
    });

  addInputOptions(
    program
      .command('explain')
      .description(
        'explain the launcher Pod: its memory and CPU term by term, and why each node selector, affinity term, container, volume, annotation, label and securityContext field is there',
      ),
  )
    .addOption(new Option('-o, --output <FORMAT>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      `
Examples:
  vmi-render explain vm.yaml                         why the Pod requests what it does, term by term
  vmi-render explain vm.yaml --cluster-config kubevirt.yaml -o json`,
    )
    .action(async (files: string[], options: Record<string, unknown>) => {
      const flags = { ...toFlags(options), explain: true };
      const paths = inputPaths(files, options);
      const outcome = runPipeline(paths, flags, io.readStdin, 'objects');
      const problems = renderProblems(outcome);
      printProblems(io, problems);
      if (problems.some((problem) => problem.severity === 'error')) {
        setExit(EXIT_FAILURE);
        return;
      }
      await write(io.stdout, formatExplanation(outcome, flags.output as 'text' | 'json'));
      setExit(EXIT_OK);
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
    .command('version')
    .description('print the version of vmi-render and the KubeVirt releases it reproduces')
    .addOption(new Option('-o, --output <FORMAT>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (options: { output: string }) => {
      const text =
        options.output === 'json'
          ? JSON.stringify(
              { version: TOOL_VERSION, kubevirt: [...KUBEVIRT_VERSIONS], default: NEWEST_RELEASE.version },
              null,
              2,
            ) + '\n'
          : `${VERSION_LINE}\n`;
      await write(io.stdout, text);
      setExit(EXIT_OK);
    });

  program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .addArgument(new Argument('<SHELL>', 'the shell').choices(COMPLETION_SHELLS))
    .addHelpText(
      'after',
      `
Install:
  bash  source <(vmi-render completion bash)      (or save it in /etc/bash_completion.d/vmi-render)
  zsh   source <(vmi-render completion zsh)       (in ~/.zshrc)
  fish  vmi-render completion fish > ~/.config/fish/completions/vmi-render.fish`,
    )
    .action(async (shell: CompletionShell) => {
      await write(io.stdout, completionScript(program, shell));
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

  // Top-level --help: the default command's options and examples too (what most runs use).
  program.addHelpText('after', () => {
    const help = render.helpInformation();
    const options = help.slice(help.indexOf('Options:') + 'Options:'.length);
    return `\nRender options (vmi-render [render] [options] [FILE...]):${options.replace(/\n+$/, '')}\n${EXAMPLES}\n`;
  });

  return program;
}

/**
 * A first argument that is neither a command nor a path that exists, and looks like a word rather than a
 * file name, was most likely meant as a command: `vmi-render lnt x.yaml` is a usage error, not "no such file".
 */
function checkCommandWord(program: Command, argv: string[]): void {
  const names = [...program.commands.flatMap((command) => [command.name(), ...command.aliases()]), 'help'];
  const unknown = (word: string, what: string): UsageError => {
    const suggestion = suggestCommand(word, names);
    return new UsageError(
      `unknown command "${word}"${what}.${suggestion ? ` Did you mean "${suggestion}"?` : ''} Commands: ${names.join(', ')}; run vmi-render --help for usage`,
    );
  };
  const [first, second] = argv;
  // `help COMMAND` with a command that does not exist: an error, not the top-level help
  if (first === 'help' && second !== undefined && !second.startsWith('-') && !names.includes(second))
    throw unknown(second, '');
  if (first === undefined || first.startsWith('-') || !/^[a-z][a-z0-9-]*$/i.test(first)) return;
  if (names.includes(first) || existsSync(first)) return;
  throw unknown(first, ' (nor is it a file)');
}

/** Runs the CLI; resolves to the exit code. Never throws. */
export async function main(argv: string[], io: CliIO = defaultIO()): Promise<number> {
  if (io.stdout === process.stdout) handleOutputErrors(process.stdout);
  let exitCode = EXIT_OK;
  const program = buildProgram(io, (code) => (exitCode = code));
  try {
    checkCommandWord(program, argv);
    // `watch` parses its own options (and prints its own help)
    const args = argv[0] === 'help' && argv[1] === 'watch' ? ['watch', '--help'] : argv;
    await program.parseAsync(args, { from: 'user' });
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
