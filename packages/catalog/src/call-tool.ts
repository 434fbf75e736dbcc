/**
 * The one runtime function every generated tool-client method calls: it
 * hands the call to the caller's transport and turns the MCP call result
 * into the typed structured content or a `ToolCallError`.
 */
import type { JsonObject } from './catalog-types.js';
import type { CallResult } from './call-types.js';
import { ToolCallError } from './tool-call-error.js';

/** One tool call as a client hands it to its transport. */
export interface ToolInvocation {
  /** The UI spelling, `photos_pick`. */
  readonly name: string;
  /** The agent spelling, `photos__pick`. */
  readonly qualifiedName: string;
  /** The arguments (`{}` when none were given). */
  readonly arguments: JsonObject;
}

/** A transport: an app's function call, an MCP client, a test double. */
export type ToolInvoke = (invocation: ToolInvocation) => Promise<CallResult<unknown>>;

/** A call result as a transport (an MCP client, a test double) may really answer it: any field missing or of another type. */
type UntrustedResult = {
  readonly isError?: unknown;
  readonly content?: readonly ({ readonly text?: unknown } | undefined)[];
  readonly structuredContent?: unknown;
};

/**
 * Calls one tool through `invoke`; resolves to its structured content,
 * rejects with a `ToolCallError` for an `isError` answer or an answer
 * without structured content.
 */
export async function callTool(invoke: ToolInvoke, name: string, qualifiedName: string, args: object | undefined): Promise<unknown> {
  const answer: unknown = await invoke({ name, qualifiedName, arguments: (args ?? {}) as JsonObject });
  if (answer === null || typeof answer !== 'object') throw new ToolCallError(name, 'badResult: not a call result');
  const result = answer as UntrustedResult;
  if (result.isError) throw new ToolCallError(name, (result.content?.[0]?.text as string | undefined) ?? 'isError');
  if (result.structuredContent === undefined || result.structuredContent === null) {
    throw new ToolCallError(name, 'badResult: no structuredContent');
  }
  return result.structuredContent;
}
