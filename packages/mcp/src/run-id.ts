/**
 * A fresh agent run id, the audit `clientId` of one MCP connection:
 * `run-<UTC time as yyyymmddThhmmssZ>-<8 lowercase hex from a CSPRNG>`,
 * e.g. `run-20260714T054000Z-3f9a1c07` — sortable by start time, unique
 * across processes, and safe in a file name or a shell. Uses Web Crypto
 * (`globalThis.crypto`), so it runs in Node, Electron and workers alike.
 */
export function newRunId(now: Date = new Date(), random: () => string = randomHex8): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `run-${stamp}-${random()}`;
}

/** What a run id made by `newRunId` looks like. */
export const runIdPattern = /^run-\d{8}T\d{6}Z-[0-9a-f]{8}$/;

function randomHex8(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
