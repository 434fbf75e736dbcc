/**
 * The shape of a capability catalog (`capabilities.json`) once `loadCatalog`
 * has validated it: cases stripped, every field checked.
 */

/** A JSON value, as the catalog and tool arguments carry it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** The JSON types a schema's `type` keyword may name. */
export type SchemaType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/** The string formats of the validator subset. */
export type SchemaFormat = 'date-time' | 'token' | 'uri' | 'base64';

/**
 * A JSON Schema restricted to the spec's validator subset. `loadCatalog`
 * refuses any other keyword, so a catalog can never demand a rule the
 * validators do not enforce.
 */
export interface Schema {
  readonly type?: SchemaType | readonly SchemaType[];
  readonly description?: string;
  readonly default?: JsonValue;
  readonly properties?: { readonly [name: string]: Schema };
  readonly required?: readonly string[];
  readonly additionalProperties?: false;
  readonly dependentRequired?: { readonly [name: string]: readonly string[] };
  readonly anyOf?: readonly { readonly required: readonly string[] }[];
  readonly oneOf?: readonly { readonly required: readonly string[] }[];
  readonly items?: Schema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly JsonValue[];
  readonly format?: SchemaFormat;
}

/** How a scope gets the person's consent. */
export type ConsentKind = 'ask' | 'picker';

/** A scope: what a manifest declares and what a grant is kept for. */
export interface Scope {
  /** `<capability>.<scope>`, matching the catalog's `scopePattern`. */
  readonly id: string;
  /** The consent sheet's verb phrase; `{origins}` is filled from the manifest. */
  readonly verb: string;
  readonly consent: ConsentKind;
  /** A scope of the host itself: never in a manifest, never granted to an app. */
  readonly hostOnly?: boolean;
  /** The manifest entry must list origins and a call's `url` must be on one. */
  readonly origins?: boolean;
  /** The capability's tools this scope covers (bare tool names). */
  readonly tools: readonly string[];
}

/** A capability: a native tool provider a host implements per platform. */
export interface Capability {
  /** A hub server name, never one of `reservedNames`. */
  readonly name: string;
  /** The human label shown on the consent sheet. */
  readonly label: string;
  /** Only this host provides the capability (e.g. `ede`). */
  readonly host?: string;
  readonly scopes: readonly Scope[];
}

/** A tool with a v1 contract. */
export interface ToolDef {
  /** `<capability>_<tool>`. */
  readonly name: string;
  /** `native`: a host's provider answers it; `engine`: the engine answers it itself. */
  readonly runs: 'native' | 'engine';
  readonly description: string;
  /** What app UI and agents pass. */
  readonly inputSchema: Schema;
  /** What the native provider answers (`null` for engine tools). */
  readonly nativeOutputSchema: Schema | null;
  /** What app UI and agents get back. */
  readonly outputSchema: Schema;
  /**
   * A short human title for clients to show (MCP `Tool.title`). Not part of
   * the catalog document: codegen adds it from the tool table beside the
   * catalog (`fixtures/tool-annotations.json`); absent on a catalog loaded
   * without one.
   */
  readonly title?: string;
  /** The MCP behaviour hints clients use to decide how loudly to ask (from the tool table, like `title`). */
  readonly annotations?: ToolAnnotations;
}

/**
 * MCP tool annotations (hints, never guarantees): whether a tool changes
 * nothing, may destroy or overwrite something, has no further effect when
 * repeated with the same arguments, and reaches beyond this device and app.
 */
export interface ToolAnnotations {
  /** The tool changes nothing of the person's (MCP `readOnlyHint`). */
  readonly readOnlyHint: boolean;
  /** The tool may delete or overwrite something (MCP `destructiveHint`; meaningful when not read-only). */
  readonly destructiveHint: boolean;
  /** Calling again with the same arguments has no further effect (MCP `idempotentHint`). */
  readonly idempotentHint: boolean;
  /** The tool reaches people, devices or apps outside this app and device (MCP `openWorldHint`). */
  readonly openWorldHint: boolean;
}

/** The `v1` block: the app context and blobs the cases run with, MIME types by extension. */
export interface V1Data {
  readonly context: { readonly app: string; readonly screens: readonly string[] };
  readonly blobs: { readonly [fileId: string]: string };
  readonly blobIds: string;
  readonly mimeByExtension: { readonly [ext: string]: string };
}

/** The PDF layout table: page size, margin, fonts, glyph widths, WinAnsi mapping. */
export interface PdfTable {
  /** `[width, height]` in points. */
  readonly page: readonly [number, number];
  readonly margin: number;
  readonly fonts: { readonly F1: string; readonly F2: string };
  /** Per font name: 256 widths in 1/1000 em, indexed by WinAnsi code. */
  readonly widths: { readonly [font: string]: readonly number[] };
  /** Code point (decimal string) → WinAnsi code in 0x80–0x9F. */
  readonly winAnsi: { readonly [codePoint: string]: number };
}

/** A validated capability catalog. */
export interface Catalog {
  readonly scopePattern: string;
  readonly reservedNames: readonly string[];
  readonly capabilities: readonly Capability[];
  readonly v1: V1Data;
  readonly tools: readonly ToolDef[];
  readonly pdf: PdfTable;
}

/** The case arrays a catalog document may carry (normative examples). */
export const caseKinds = ['parseCases', 'decideCases', 'listCases', 'auditCases', 'validateCases', 'bridgeCases', 'pdfCases'] as const;

/** One of the case array names. */
export type CaseKind = (typeof caseKinds)[number];
