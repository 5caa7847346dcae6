#!/usr/bin/env node
/**
 * `related-files`: the terminal face over the same engine the extension uses.
 * Each subcommand lives in its own file and is loaded only when called, so `rank` does not
 * pay for `eval`'s code and `--help` is instant.
 */
import { errorMessage } from '../core/errorMessage';
import { sqlOnBaselineCompilerOnly } from '../store/sqlLoader';

type Command = { summary: string; load: () => Promise<{ run(args: string[]): Promise<number> }> };

const COMMANDS: Record<string, Command> = {
  rank: { summary: 'rank the workspace against a file', load: () => import('./rankCommand') },
  index: { summary: 'index a folder and print files, edges and timings', load: () => import('./indexCommand') },
  eval: { summary: 'replay git history and report ranking quality against baselines', load: () => import('./evalCommand') },
  tune: { summary: 'learn signal weights from git history (time-split)', load: () => import('./tuneCommand') },
  replay: { summary: 'judge the ranker on recorded editor or agent sessions', load: () => import('./replayCommand') },
  report: { summary: 'online hit rate of what the extension showed and what was opened next', load: () => import('./reportCommand') },
  mcp: { summary: 'serve get_related_files and friends over MCP (stdio)', load: () => import('./mcpCommand') },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    'usage: related-files <command> [options]',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    "Run 'related-files <command> --help' for a command's options.",
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`related-files: unknown command '${name}'; commands: ${Object.keys(COMMANDS).join(', ')}`);
    return 2;
  }
  return (await command.load()).run(rest);
}

if (require.main === module) {
  sqlOnBaselineCompilerOnly(); // this process is the CLI's own
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`related-files: ${errorMessage(error)}`);
      process.exitCode = 1;
    },
  );
}
