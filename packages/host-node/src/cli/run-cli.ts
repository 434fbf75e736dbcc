import { Command, CommanderError, Option } from 'commander';
import { consentModes } from '../consent/consent-mode.js';
import { hostNodeVersion } from '../mcp/host-node-version.js';
import { errorLine } from './cli-failure.js';
import { unknownOption } from './unknown-option.js';
import { stdoutWritten, type CliIo } from './cli-io.js';
import { parseConsentTimeout, parseLimit, parseQuota, parseSince } from './parse-values.js';
import { storeFileOption, storeOption } from './store-option.js';

const dataOption = () => new Option('--data <dir>', 'the data directory (default $XDG_DATA_HOME/xcap or ~/.local/share/xcap)');

/**
 * Runs the `xcap` CLI on `argv` (the arguments after the program name) and
 * answers the exit code: 0 done (also `--help`, `--version`), 2 bad input
 * (an unknown command or flag, a bad value, an unknown scope, a bad
 * manifest), 1 a failure (a broken grant file, a store that cannot be
 * opened, standard output that cannot be written). Every error is ONE line
 * `xcap: …` on stderr, escaped by `terminalText`. Standard output closed by
 * its reader (`| head -1`) ends the command quietly with 0. `xcap serve`
 * resolves when its client disconnects.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = new Command('xcap');
  program
    .description("xcap host for Node.js: serve an app's capabilities to an agent over MCP, and manage its grants and audit log")
    .version(hostNodeVersion, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'print help for the command')
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      // commander's `…\n(Did you mean grant?)` as the one line `… (did you mean grant?)`, as for an unknown option.
      outputError: (text, write) => write(errorLine(text.replace(/^error: /, '').replace(/\s*\(Did you mean /, ' (did you mean '), true)),
    });

  program
    .command('serve')
    .description("serve one app's capabilities to an agent over MCP on stdin/stdout (one connection = one agent run)")
    .requiredOption('--manifest <file>', 'the app\'s manifest JSON {"id", "screens", "capabilities"}')
    .addOption(dataOption())
    .option('--photos <dir>', 'the photo library folder (JPEG/PNG); without it, photos is not provided')
    .option('--files <dir>', 'the folder files open from and save to; without it, files is not provided')
    .option('--foreground', 'a person is present: picker tools run and undecided scopes are asked (see --consent)', false)
    .addOption(
      new Option('--audit-sync <mode>', "normal: an answered call's audit row survives a killed process; full: also a power cut (fsync per commit)")
        .choices(['normal', 'full'])
        .default('normal'),
    )
    .addOption(
      new Option(
        '--consent <mode>',
        'how a foreground consent sheet is answered: dismiss, prompt (/dev/tty), elicit (MCP elicitation) or console (a local web page: sheets and pickers, any client)',
      )
        .choices(consentModes)
        .default('dismiss'),
    )
    .option(
      '--console <127.0.0.1:port>',
      'with --consent console: where the console listens (127.0.0.1 only; default 127.0.0.1:0, a free port); its sign-in URL is printed on stderr',
    )
    .option(
      '--consent-timeout <seconds>',
      'with --foreground: how long a consent sheet (and, with --consent console, a picker) stays open for the person before it counts as dismissed (1–3600; default 600 with --consent console, else 120)',
      parseConsentTimeout,
    )
    .option(
      '--consent-wait <seconds>',
      'with --foreground: how long a call waits on a consent sheet before it answers consentNeeded while the sheet stays open (an answer then applies to the next call); a call with an MCP progressToken waits up to --consent-timeout (1–3600; default 50)',
      parseConsentTimeout,
    )
    .option(
      '--console-open',
      'with --consent console: open the console (xdg-open, through a 0600 page in the data directory) when the first request starts waiting',
      false,
    )
    .option(
      '--http <[host:]port>',
      'serve over MCP Streamable HTTP at http://<host>:<port>/mcp to every agent holding a token (xcap token add, or an OAuth access token: ' +
        '--oauth-issuer) instead of stdio; host default 127.0.0.1, port 0 picks a free one',
    )
    .option('--allow-remote', 'with --http: allow binding an address that is not loopback (prints a warning)', false)
    .option(
      '--allowed-host <name>',
      'with --http: also answer this Host header (host or host:port), e.g. the name a load balancer in front sends; repeatable',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--allowed-origin <name>',
      'with --http: also serve browser pages of this Origin host name (e.g. app.example.com; loopback ones always are), CORS included; repeatable',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--oauth-issuer <url>',
      'with --http: also admit OAuth 2.1 access tokens (JWT, RFC 9068) of this issuer (https://, http:// on loopback), audited as oauth:<client>@<issuer host and path>; repeatable',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--oauth-resource <url>',
      "with --oauth-issuer: the resource URL a token's aud must contain (default this endpoint's http://<host>:<port>/mcp; the https URL behind a proxy)",
    )
    .option(
      '--oauth-scope <scope>',
      'with --oauth-issuer: a scope every access token must carry (403 insufficient_scope without it); repeatable',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--oauth-only', 'with --oauth-issuer: refuse static tokens (xcap token add); only OAuth access tokens are admitted', false)
    .option(
      '--metrics <[host:]port>',
      'serve Prometheus metrics (calls, consent, the audit queue, provider restarts, latency) at http://<host>:<port>/metrics; loopback only',
    )
    .addOption(storeOption())
    .addOption(storeFileOption())
    .option('--host-name <name>', "with --store: the name this host writes in the audit rows' host column (default <hostname>-<pid>)")
    .option('--quota <bytes>', "each app's file quota in bytes (default 1 GiB; with --store it holds across every host on the database)", parseQuota)
    .option(
      '--providers-command <command>',
      'spawn "<command> [args]" (split like a shell splits words, run without one) and serve the capabilities it describes over the xcap provider protocol, instead of the Node providers of those capabilities; repeatable, one process per command',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .action(async (options: Record<string, unknown>) => (await import('./serve-command.js')).serveCommand(options, io));

  program
    .command('console')
    .description(
      'serve one web console for a data directory or database: the sheets and pickers of every xcap serve --consent console there, grants (revoke), HTTP tokens, the audit log',
    )
    .option('--listen <127.0.0.1:port>', 'where the console listens (127.0.0.1 only; default 127.0.0.1:0, a free port)')
    .addOption(dataOption())
    .addOption(storeOption('show the grants, tokens and audit log of PostgreSQL (postgres://user@host:5432/db) instead of the data directory'))
    .addOption(storeFileOption())
    .action(async (options: Record<string, unknown>) => (await import('./console-command.js')).consoleCommand(options, io));

  program
    .command('grant')
    .description('grant an app a scope (as if the person allowed it on the consent sheet)')
    .argument('<app>', 'the app id, e.g. acme.album')
    .argument('<scope>', 'the scope id, e.g. photos.read')
    .addOption(dataOption())
    .addOption(storeOption('write the grant in PostgreSQL (postgres://user@host:5432/db) instead of the data directory'))
    .addOption(storeFileOption())
    .action(async (app: string, scope: string, options: Record<string, unknown>) =>
      (await import('./grant-commands.js')).grantCommand(app, scope, options, io),
    );

  program
    .command('revoke')
    .description("forget an app's answer for a scope (undecided again: the next foreground call asks)")
    .argument('<app>', 'the app id')
    .argument('<scope>', 'the scope id')
    .addOption(dataOption())
    .addOption(storeOption('forget the answer in PostgreSQL (postgres://user@host:5432/db) instead of the data directory'))
    .addOption(storeFileOption())
    .action(async (app: string, scope: string, options: Record<string, unknown>) =>
      (await import('./grant-commands.js')).revokeCommand(app, scope, options, io),
    );

  program
    .command('grants')
    .description('list the stored grants, of every app or of one')
    .argument('[app]', 'only this app')
    .addOption(dataOption())
    .addOption(storeOption('read the grants from PostgreSQL (postgres://user@host:5432/db) instead of the data directory'))
    .addOption(storeFileOption())
    .option('--json', 'print one JSON document {"<app>": {"<scope>": "granted"|"denied"}}', false)
    .action(async (app: string | undefined, options: Record<string, unknown>) => (await import('./grant-commands.js')).grantsCommand(app, options, io));

  // Its choices come from @xcap/audit, loaded (with the catalog) only when `xcap audit` runs: before its options are parsed or its help printed.
  const auditStatus = new Option('--status <status>', 'only this status');
  program.hook('preSubcommand', async (_program, command) => {
    if (command.name() === 'audit') auditStatus.choices([...(await import('@xcap/audit')).auditStatuses]);
  });
  program
    .command('audit')
    .description('print the audit log, newest first, or follow it (--follow) as a log shipper reads it')
    .option('--app <app>', 'only this app')
    .option('--tool <tool>', 'only this tool (qualified name, e.g. photos__pick)')
    .addOption(auditStatus)
    .option('--since <time>', 'only calls at or after this ISO 8601 time', parseSince)
    .option('--limit <n>', 'at most this many rows (default 100)', parseLimit)
    .addOption(dataOption())
    .addOption(storeOption("read the audit log from PostgreSQL (postgres://user@host:5432/db), every host's rows, instead of the data directory"))
    .addOption(storeFileOption())
    .option('--json', 'print one JSON document: an array of rows (with --store each has its host)', false)
    .addOption(
      new Option('--format <format>', 'print the rows as JSON lines, RFC 4180 CSV or a table (with --follow: table on a terminal, else jsonl)')
        .choices(['jsonl', 'csv', 'table'])
        .conflicts('json'),
    )
    .addOption(
      new Option('--follow', 'print the newest --limit rows (default 10), then each new row as it is committed, until SIGINT/SIGTERM')
        .default(false)
        .conflicts('json'),
    )
    .action(async (options: Record<string, unknown>) => (await import('./audit-command.js')).auditCommand(options, io));

  const token = program
    .command('token')
    .description(
      'manage the bearer tokens of xcap serve --http (tokens.json in the data directory, or PostgreSQL with --store; only SHA-256 digests are stored)',
    );
  token
    .command('add')
    .description('make a new random token, store its SHA-256 and print the token once on stdout')
    .argument('<name>', "the token's name, e.g. claude-desktop (audit rows name it as token:<name>)")
    .addOption(dataOption())
    .addOption(storeOption("store the token's digest in PostgreSQL (postgres://user@host:5432/db) instead of the data directory"))
    .addOption(storeFileOption())
    .action(async (name: string, options: Record<string, unknown>) => (await import('./token-commands.js')).tokenAddCommand(name, options, io));
  token
    .command('list')
    .description("list the tokens' names and when they were added (never the tokens)")
    .addOption(dataOption())
    .addOption(storeOption('list the tokens kept in PostgreSQL (postgres://user@host:5432/db) instead of the data directory'))
    .addOption(storeFileOption())
    .option('--json', 'print one JSON document: an array of {"name", "created"}', false)
    .action(async (options: Record<string, unknown>) => (await import('./token-commands.js')).tokenListCommand(options, io));
  token
    .command('revoke')
    .description('forget a token: a running xcap serve --http refuses it from the next request on')
    .argument('<name>', "the token's name")
    .addOption(dataOption())
    .addOption(storeOption('forget the token in PostgreSQL (postgres://user@host:5432/db) instead of the data directory'))
    .addOption(storeFileOption())
    .action(async (name: string, options: Record<string, unknown>) => (await import('./token-commands.js')).tokenRevokeCommand(name, options, io));

  const store = program.command('store').description('shared PostgreSQL state for several hosts: copy a data directory in, run the schema migration');
  store
    .command('copy')
    .description(
      "copy a data directory's grants, app files, audit rows and tokens into an empty PostgreSQL database, then check row counts, argsHashes and file digests",
    )
    .requiredOption('--from <dir>', 'the data directory to copy (stop the host using it first)')
    .addOption(
      new Option(
        '--to <url>',
        'the PostgreSQL database (postgres://user@host:5432/db; no password here: give it in $XCAP_STORE, --to-file, PGPASSWORD or a PGPASSFILE); default $XCAP_STORE',
      ),
    )
    .addOption(new Option('--to-file <path>', 'read the connection string (password included) from this file, yours and of mode 0600; instead of --to'))
    .action(async (options: Record<string, unknown>) => (await import('./store-commands.js')).storeCopyCommand(options, io));
  store
    .command('migrate')
    .description('create or migrate the xcap tables (hosts do it at start too; run it once before rolling out a new version)')
    .addOption(storeOption('the PostgreSQL database (postgres://user@host:5432/db) whose tables to create or migrate'))
    .addOption(storeFileOption())
    .action(async (options: Record<string, unknown>) => (await import('./store-commands.js')).storeMigrateCommand(options, io));

  try {
    // A typo is reported as itself, before commander would report the required option it missed.
    const unknown = await unknownOption(program, argv);
    if (unknown !== undefined) {
      io.stderr(errorLine(unknown));
      return 2;
    }
    await program.parseAsync([...argv], { from: 'user' });
    await stdoutWritten(io);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0)
      return stdoutWritten(io).then(
        () => 0,
        async (failure: unknown) => (await import('./failure-exit-code.js')).failureExitCode(failure, io.stderr),
      );
    if (error instanceof CommanderError) return 2;
    // The error path loads what explains the error (a JSON text error's excerpt needs the catalog's class).
    return (await import('./failure-exit-code.js')).failureExitCode(error, io.stderr);
  }
}
