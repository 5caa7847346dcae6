/**
 * A small, strict argument parser shared by the subcommands: `--name value`, `--name=value`,
 * boolean flags, repeatable options and positionals. Unknown options are an error that lists
 * the known ones, so a typo never silently changes a measurement.
 */

export interface OptionSpec {
  readonly type: 'string' | 'number' | 'boolean';
  readonly multiple?: boolean;
  readonly description: string;
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
      if (!Number.isFinite(value)) throw new UsageError(`--${name} takes a number, got '${raw}'`);
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
  /** Parsed arguments, or the exit code after printing the help (0) or a usage error (2). */
  parse(args: readonly string[]): ParsedArgs | number;
  /** Prints "related-files <command>: message" and the help; returns exit code 2. */
  error(message: string): number;
}

/** The help/usage-error handling every subcommand shares, so each one only reads its options. */
export function commandUsage(command: string, usageLine: string, spec: Readonly<Record<string, OptionSpec>>): CommandUsage {
  const error = (message: string): number => {
    console.error(`related-files ${command}: ${message}\n\n${helpText(usageLine, spec)}`);
    return 2;
  };
  return {
    error,
    parse(args) {
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
      return parsed;
    },
  };
}
