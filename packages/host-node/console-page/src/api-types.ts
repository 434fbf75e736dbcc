/**
 * The console API's JSON shapes, as packages/host-node/src/console/API.md defines them
 * (the page only reads them; the server is the authority).
 */

/** What every pending request carries. */
interface PendingBase {
  readonly id: string;
  readonly app: string;
  readonly createdAt: string;
  readonly expiresAt: string;
}

/** A consent sheet for an undecided `ask` scope. */
export interface ConsentPending extends PendingBase {
  readonly kind: 'consent';
  readonly scope: string;
  readonly title: string;
  readonly text: string;
  readonly why: string | null;
}

/** The photo picker of `photos_pick`. */
export interface PhotosPending extends PendingBase {
  readonly kind: 'photos';
  readonly limit: number;
  readonly photos: readonly { readonly id: string; readonly name: string; readonly takenAt: string | null }[];
}

/** The open picker of `files_open`. */
export interface OpenPending extends PendingBase {
  readonly kind: 'open';
  readonly multiple: boolean;
  readonly accept: readonly string[];
  readonly files: readonly { readonly name: string; readonly size: number }[];
}

/** The save dialog of `files_save`. */
export interface SavePending extends PendingBase {
  readonly kind: 'save';
  readonly suggestedName: string;
  readonly mimeType: string;
  readonly size: number;
}

/** The print sheet of `print_print`. */
export interface PrintPending extends PendingBase {
  readonly kind: 'print';
  readonly documentName: string;
  readonly mimeType: string;
  readonly printers: readonly string[];
}

/** One request waiting for the person. */
export type Pending = ConsentPending | PhotosPending | OpenPending | SavePending | PrintPending;

/** `GET /api/state`. */
export interface ConsoleState {
  readonly mode: 'serve' | 'console';
  readonly app: string | null;
  readonly pending: readonly Pending[];
}

/** One stored audit row as `GET /api/audit` and `event: audit` send it. */
export interface AuditRowJson {
  readonly id?: number;
  readonly at: string;
  readonly appId?: string;
  readonly app?: string;
  readonly clientId: string;
  readonly tool: string;
  readonly status: string;
  readonly error: string | null;
}
