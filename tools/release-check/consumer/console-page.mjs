// The console page from the installed tarballs, run by the Node under test:
// `xcap console` (host-node's bundled CLI) serves the page that Vite built
// into @xcap/console's dist/console-page/, found through Node's resolution
// of `@xcap/console/package.json` (consolePageDir). Signs in with the printed
// login URL, reads the shell and the page's script, and prints one JSON line;
// the release check asserts on it. Bounded: exits 1 after 30 s.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { consolePageDir } from '@xcap/console';

const watchdog = setTimeout(() => {
  process.stderr.write('console-page: no answer within 30 s\n');
  process.exit(1);
}, 30_000);
const data = mkdtempSync(join(tmpdir(), 'xcap-console-'));
const xcap = join(dirname(createRequire(import.meta.url).resolve('@xcap/host-node/package.json')), 'bin/xcap.js');
const child = spawn(process.execPath, [xcap, 'console', '--data', data, '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
let stderr = '';
const loginUrl = await new Promise((resolve, reject) => {
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk;
    const match = /xcap console: at (\S+)/.exec(stderr);
    if (match) resolve(match[1]);
  });
  child.once('exit', (code) => reject(new Error(`xcap console exited ${code}: ${stderr}`)));
});
const login = await fetch(loginUrl, { redirect: 'manual' });
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
const origin = new URL(loginUrl).origin;
const shell = await fetch(`${origin}/`, { headers: { cookie } });
const script = await fetch(`${origin}/assets/console.js`, { headers: { cookie } });
const shellText = await shell.text();
child.kill('SIGTERM');
clearTimeout(watchdog);
process.stdout.write(
  JSON.stringify({
    pageDir: consolePageDir(),
    login: login.status,
    shell: shell.status,
    builtShell: shellText.includes('Waiting for you'),
    script: [script.status, script.headers.get('content-type'), (await script.arrayBuffer()).byteLength > 0],
  }),
);
