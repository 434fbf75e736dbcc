import { readFileSync } from 'node:fs';

/** This package's version (from its package.json), reported by `xcap --version` and the MCP server's info. */
export const hostNodeVersion: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
