import { randomBytes } from 'node:crypto';

/**
 * A fresh agent run id, the audit `clientId` of one MCP connection:
 * `run-<UTC time as yyyymmddThhmmssZ>-<8 lowercase hex from a CSPRNG>`,
 * e.g. `run-20260714T054000Z-3f9a1c07` — sortable by start time, unique
 * across processes, and safe in a file name or a shell.
 */
export function newRunId(now: Date = new Date(), random: () => string = () => randomBytes(4).toString('hex')): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
  return `run-${stamp}-${random()}`;
}

/** What a run id made by `newRunId` looks like. */
export const runIdPattern = /^run-\d{8}T\d{6}Z-[0-9a-f]{8}$/;
