/**
 * A small, strict argument parser shared by the subcommands: `--name value`, `--name=value`,
 * boolean flags, repeatable options and positionals. Unknown options are an error that lists
 * the known ones, so a typo never silently changes a measurement.
 */
import { errorMessage } from '../core/errorMessage';

export interface OptionSpec {
  readonly type: 'string' | 'number' | 'boolean';
  readonly multiple?: boolean;
  readonly description: string;
  /** Numbers only: refuse fractions. */
  readonly integer?: boolean;
  /** Numbers only: the smallest value accepted. */
  readonly min?: number;
}

export type ParsedArgs = {
  readonly positionals: string[];
  readonly options: Record<string, string | number | boolean | string[] | undefined>;
};

export class UsageError extends Error {}

export function parseArgs(args: readonly string[], spec: Readonly<Record<string, OptionSpec>>): ParsedArgs {
  const positionals: string[] = [];
  const options: Record<string, string | number | boolean | string[] | undefined> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--') || arg === '--') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const option = spec[name];
    if (!option)
      throw new UsageError(
        `unknown option --${name}; known: ${Object.keys(spec)
          .map((k) => '--' + k)
          .join(', ')}`,
      );
    if (option.type === 'boolean') {
      options[name] = eq < 0 ? true : arg.slice(eq + 1) !== 'false';
      continue;
    }
    const raw = eq < 0 ? args[++i] : arg.slice(eq + 1);
    if (raw === undefined) throw new UsageError(`--${name} needs a value`);
    let value: string | number = raw;
    if (option.type === 'number') {
      value = Number(raw);
      if (!Number.isFinite(value) || raw.trim() === '') throw new UsageError(`--${name} takes a number, got '${raw}'`);
      if (option.integer && !Number.isInteger(value)) throw new UsageError(`--${name} takes a whole number, got '${raw}'`);
      if (option.min !== undefined && value < option.min) throw new UsageError(`--${name} takes a number of at least ${option.min}, got '${raw}'`);
    }
    if (option.multiple) options[name] = [...((options[name] as string[] | undefined) ?? []), String(value)];
    else options[name] = value;
  }
  return { positionals, options };
}

/** Help text for a command from its option spec. */
export function helpText(usageLine: string, spec: Readonly<Record<string, OptionSpec>>): string {
  const rows = Object.entries(spec).map(([name, o]) => {
    const left = `--${name}${o.type === 'boolean' ? '' : ` <${o.type === 'number' ? 'n' : 'value'}>`}`;
    return `  ${left.padEnd(24)} ${o.description}`;
  });
  return [`usage: ${usageLine}`, '', ...rows].join('\n');
}

export interface CommandUsage {
  /**
   * Parsed arguments, or the exit code after printing the help (0) or a usage error (2). A command that
   * takes no arguments but options passes `argumentsGo`, where a stray argument belongs ("the folder goes
   * after --root"): one is then a usage error that says so.
   */
  parse(args: readonly string[], argumentsGo?: string): ParsedArgs | number;
  /** A usage error: prints one line "related-files <command>: message" and where the help is; returns 2. */
  error(message: string): number;
  /** Anything else that stops the command (a missing file, an unreadable repository): one line; returns 1. */
  fail(message: string): number;
  /**
   * Runs a command body so that nothing escapes as a stack: a UsageError becomes `error`, any other
   * thrown value `fail`, each one line.
   */
  guard(body: () => Promise<number>): Promise<number>;
}

/** Multi-line messages (a git error with its stderr) folded into one line. */
export function oneLine(message: string): string {
  return message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('; ');
}

/** The help/usage-error handling every subcommand shares, so each one only reads its options. */
export function commandUsage(command: string, usageLine: string, spec: Readonly<Record<string, OptionSpec>>): CommandUsage {
  const error = (message: string): number => {
    console.error(`related-files ${command}: ${oneLine(message)} (see 'related-files ${command} --help')`);
    return 2;
  };
  const fail = (message: string): number => {
    console.error(`related-files ${command}: ${oneLine(message)}`);
    return 1;
  };
  return {
    error,
    fail,
    async guard(body) {
      try {
        return await body();
      } catch (e) {
        return e instanceof UsageError ? error(e.message) : fail(errorMessage(e));
      }
    },
    parse(args, argumentsGo) {
      let parsed: ParsedArgs;
      try {
        parsed = parseArgs(args, spec);
      } catch (e) {
        if (e instanceof UsageError) return error(e.message);
        throw e;
      }
      if (parsed.options.help) {
        console.log(helpText(usageLine, spec));
        return 0;
      }
      if (argumentsGo !== undefined && parsed.positionals.length > 0) return error(`unexpected argument '${parsed.positionals[0]}' (${argumentsGo})`);
      return parsed;
    },
  };
}
