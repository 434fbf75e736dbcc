import { ownPackageJson } from '../own-package-json.js';

/** This package's version (from its package.json), reported by `xcap --version` and the MCP server's info. */
export const hostNodeVersion: string = ownPackageJson(import.meta.url, '@xcap/host-node').version;
