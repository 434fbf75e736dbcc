/**
 * The console's HTTP contract, written once: the routes, the `Pending` kinds
 * and their fields, the answers, the state, the events, the error body and
 * the limits. The server (`startConsoleServer`) and the page (bundled by
 * Vite from `page/`) both import this module, and a test checks `API.md`
 * against it. Plain data and types only: no Node and no DOM.
 *
 * @module
 */

/** The kinds of request the console can put to a person. */
export const consolePendingKinds = ['consent', 'photos', 'open', 'save', 'print'] as const;

/** One of `consolePendingKinds`. */
export type ConsolePendingKind = (typeof consolePendingKinds)[number];

/** Who asks, as the page shows it (`AgentLabel` of `@xcap/call` as JSON): each field as the agent or the host gave it, shown as text. */
export interface AgentJson {
  /** The name the agent gave in `initialize` (`clientInfo.name`), or `null` when unknown. */
  readonly name: string | null;
  /** Its `clientInfo.version`, or `null` when unknown. */
  readonly version: string | null;
  /** How it reached the host, for a person (`token laptop`, `OAuth client … at …`), or `null` (stdio). */
  readonly via: string | null;
}

/** One argument of the call a consent sheet is for: its name and its value as shown (cut with … past `consoleLimits.maxArgumentChars`; a `fileId` as `name.pdf (12 KB)`). */
export interface PendingArgument {
  /** The argument's name (`title`, `fileId`; `value` when the arguments are not an object). */
  readonly name: string;
  /** Its value for a person. */
  readonly value: string;
}

/** What every pending request carries, whatever its kind. */
export interface PendingBase {
  /** Random, unguessable; an answer names it. */
  readonly id: string;
  /** What is asked. */
  readonly kind: ConsolePendingKind;
  /** The app id asking. */
  readonly app: string;
  /** When the request started waiting (ISO 8601). */
  readonly createdAt: string;
  /** When the call path stops waiting and the request is dismissed or cancelled unanswered (ISO 8601), or `null` when it waits without a deadline. */
  readonly expiresAt: string | null;
  /** Who asks: the agent that made the call, or `null` for the app's own UI. */
  readonly agent: AgentJson | null;
}

/** A consent sheet for an undecided `ask` scope. */
export interface ConsentPending extends PendingBase {
  /** Always `consent`. */
  readonly kind: 'consent';
  /** The scope asked for. */
  readonly scope: string;
  /** The sheet's title. */
  readonly title: string;
  /** The sheet's text. */
  readonly text: string;
  /** The manifest's `why` for the scope, or `null`. */
  readonly why: string | null;
  /** The catalog tool called (`photos_pick`). */
  readonly tool: string;
  /** The catalog's description of that tool: what it does, in words. */
  readonly toolDescription: string;
  /** The call's arguments, each as a name and a display value (at most `consoleLimits.maxArguments`). */
  readonly arguments: readonly PendingArgument[];
  /** The agent stopped waiting: the answer applies to its next call (an `Always allow` or `Don’t allow` is stored, an `Allow once` lets that next call through once). */
  readonly detached: boolean;
}

/** One photo a photo picker offers (its bytes at the `photo` route). */
export interface PendingPhoto {
  /** The photo's id in the library. */
  readonly id: string;
  /** Its file name. */
  readonly name: string;
  /** When it was taken (ISO 8601), or `null`. */
  readonly takenAt: string | null;
}

/** The photo picker of `photos_pick`. */
export interface PhotosPending extends PendingBase {
  /** Always `photos`. */
  readonly kind: 'photos';
  /** The most photos the person may choose. */
  readonly limit: number;
  /** The photos offered, newest first (at most `consoleLimits.maxPhotos`). */
  readonly photos: readonly PendingPhoto[];
}

/** One file an open picker offers. */
export interface PendingFile {
  /** Its name in the files folder. */
  readonly name: string;
  /** Its size in bytes. */
  readonly size: number;
}

/** The open picker of `files_open`. */
export interface OpenPending extends PendingBase {
  /** Always `open`. */
  readonly kind: 'open';
  /** Whether more than one file may be chosen. */
  readonly multiple: boolean;
  /** The media types or extensions asked for. */
  readonly accept: readonly string[];
  /** The files of the files folder that fit `accept`, most recent first (at most `consoleLimits.maxFiles`). */
  readonly files: readonly PendingFile[];
}

/** The save dialog of `files_save`. */
export interface SavePending extends PendingBase {
  /** Always `save`. */
  readonly kind: 'save';
  /** The name the app suggests. */
  readonly suggestedName: string;
  /** The file's media type. */
  readonly mimeType: string;
  /** The file's size in bytes. */
  readonly size: number;
}

/** The print sheet of `print_print`. */
export interface PrintPending extends PendingBase {
  /** Always `print`. */
  readonly kind: 'print';
  /** The document's name. */
  readonly documentName: string;
  /** The document's media type. */
  readonly mimeType: string;
  /** The printers to choose from (at most `consoleLimits.maxPrinters`). */
  readonly printers: readonly string[];
}

/** One request waiting for the person, by kind. */
export type Pending = ConsentPending | PhotosPending | OpenPending | SavePending | PrintPending;

/** The pending request of kind `K`. */
export type PendingOf<K extends ConsolePendingKind> = Extract<Pending, { readonly kind: K }>;

/** The fields of kind `K` besides those of `PendingBase` (what a host puts in `ConsoleAsk.fields`). */
export type PendingFields<K extends ConsolePendingKind> = Omit<PendingOf<K>, keyof PendingBase>;

/** `{ "cancel": true }`: a picker closed without a choice. */
export interface CancelAnswer {
  /** Always `true`. */
  readonly cancel: true;
}

/** The answer to a consent sheet (no answer in time is dismiss). */
export interface ConsentAnswer {
  /** `allowOnce` (Allow once: this call runs, nothing is stored), `allow` (Always allow: stores `granted`) or `deny` (Don’t allow: stores `denied`). */
  readonly reply: 'allowOnce' | 'allow' | 'deny';
}

/** The answer to a photo picker: ids of its list, at most `limit`, distinct; `[]` = Cancel. */
export interface PhotosAnswer {
  /** The photos chosen. */
  readonly photoIds: readonly string[];
}

/** The answer to an open picker: names of its list, one unless `multiple`; `[]` = Cancel. */
export interface OpenAnswer {
  /** The files chosen. */
  readonly names: readonly string[];
}

/** The answer to a save dialog: the name to save under (at most `consoleLimits.maxSaveNameLength` characters). */
export interface SaveAnswer {
  /** The name chosen. */
  readonly name: string;
}

/** The answer to a print sheet: one of its printers. */
export interface PrintAnswer {
  /** The printer chosen. */
  readonly printer: string;
}

/** What answers a request of each kind. */
export interface ConsoleAnswers {
  /** Allow once, always allow or don't allow. */
  readonly consent: ConsentAnswer;
  /** The photos chosen. */
  readonly photos: PhotosAnswer;
  /** The files chosen. */
  readonly open: OpenAnswer;
  /** The name to save under, or cancel. */
  readonly save: SaveAnswer | CancelAnswer;
  /** The printer, or cancel. */
  readonly print: PrintAnswer | CancelAnswer;
}

/** `xcap serve` (pending requests too) or `xcap console` (grants, tokens and audit only). */
export type ConsoleMode = 'serve' | 'console';

/** The body of `GET /api/state`. */
export interface ConsoleState {
  /** Which console this is. */
  readonly mode: ConsoleMode;
  /** The app served, or `null`. */
  readonly app: string | null;
  /** The requests waiting now, oldest first. */
  readonly pending: readonly Pending[];
}

/** One stored grant as `GET /api/grants` lists it. */
export interface GrantJson {
  /** The app id. */
  readonly app: string;
  /** The scope. */
  readonly scope: string;
  /** The stored answer (`granted` or `denied`). */
  readonly answer: string;
}

/** One HTTP token as `GET /api/tokens` lists it (never its secret). */
export interface TokenJson {
  /** The token's name. */
  readonly name: string;
  /** When it was made (ISO 8601). */
  readonly createdAt: string;
}

/** One stored audit row as `GET /api/audit` and `event: audit` send it (the sink's stored row; `host` from PostgreSQL). */
export interface AuditRowJson {
  /** The row's id, increasing. */
  readonly id: number;
  /** When the call started (ISO 8601). */
  readonly at: string;
  /** The app called. */
  readonly appId: string;
  /** Who called (`run-…`, `token:<name>`, `oauth:<client>`). */
  readonly clientId: string;
  /** The tool, qualified. */
  readonly tool: string;
  /** The audit status. */
  readonly status: string;
  /** The refusal or error word, or `null`. */
  readonly error: string | null;
}

/** One minute of the chart: its start and the calls that started in it, by status. */
export interface AuditMinute {
  /** The minute's start (ISO 8601, UTC). */
  readonly minute: string;
  /** Calls per status in that minute (statuses without calls are absent). */
  readonly counts: Readonly<Record<string, number>>;
}

/** The body of every refusal under `/api/` (4xx, 5xx). */
export interface ErrorBody {
  /** What was wrong, for a person. */
  readonly error: string;
}

/** The body of a change that went through. */
export interface OkBody {
  /** Always `true`. */
  readonly ok: true;
}

/** What each route takes (a POST's JSON body, a GET's query) and answers with 200, by route id. */
export interface ConsoleRouteBodies {
  /** The `login` route of `consoleRoutes`. */
  readonly login: { readonly query: { readonly secret: string }; readonly response: never };
  /** The `loginForm` route of `consoleRoutes` (a form body `secret=…`, as the page `xcap serve --console-open` opens posts it). */
  readonly loginForm: { readonly query: Record<string, never>; readonly response: never };
  /** The `shell` route of `consoleRoutes`. */
  readonly shell: { readonly query: Record<string, never>; readonly response: never };
  /** The `asset` route of `consoleRoutes`. */
  readonly asset: { readonly query: Record<string, never>; readonly response: never };
  /** The `state` route of `consoleRoutes`. */
  readonly state: { readonly query: Record<string, never>; readonly response: ConsoleState };
  /** The `events` route of `consoleRoutes`. */
  readonly events: { readonly query: Record<string, never>; readonly response: never };
  /** The `photo` route of `consoleRoutes`. */
  readonly photo: { readonly query: { readonly key: string }; readonly response: never };
  /** The `answer` route of `consoleRoutes`. */
  readonly answer: { readonly request: { readonly id: string; readonly answer: ConsoleAnswers[ConsolePendingKind] }; readonly response: OkBody };
  /** The `grants` route of `consoleRoutes`. */
  readonly grants: { readonly query: Record<string, never>; readonly response: { readonly grants: readonly GrantJson[] } };
  /** The `revokeGrant` route of `consoleRoutes`. */
  readonly revokeGrant: { readonly request: { readonly app: string; readonly scope: string }; readonly response: OkBody };
  /** The `tokens` route of `consoleRoutes`. */
  readonly tokens: { readonly query: Record<string, never>; readonly response: { readonly tokens: readonly TokenJson[] } };
  /** The `addToken` route of `consoleRoutes`. */
  readonly addToken: { readonly request: { readonly name: string }; readonly response: { readonly name: string; readonly token: string } };
  /** The `revokeToken` route of `consoleRoutes`. */
  readonly revokeToken: { readonly request: { readonly name: string }; readonly response: OkBody };
  /** The `audit` route of `consoleRoutes`. */
  readonly audit: {
    readonly query: { readonly app?: string; readonly tool?: string; readonly status?: string; readonly limit?: string; readonly after?: string };
    readonly response: { readonly rows: readonly AuditRowJson[] };
  };
  /** The `auditMinutes` route of `consoleRoutes`. */
  readonly auditMinutes: { readonly query: Record<string, never>; readonly response: { readonly minutes: readonly AuditMinute[] } };
}

/** A route's id. */
export type ConsoleRouteId = keyof ConsoleRouteBodies;

/** One route: its method, its path (`<name>` marks a path segment) and the fields its JSON bodies name. */
export interface ConsoleRoute {
  /** `GET` or `POST`. */
  readonly method: 'GET' | 'POST';
  /** The path; `<name>` is one path segment. */
  readonly path: string;
  /** Whether the route needs the session (its token in `consoleSession.header`; a photo its key in `?key=`). */
  readonly session: boolean;
  /** The fields of the request's JSON body or query. */
  readonly request: readonly string[];
  /** The fields of the 200 answer's JSON body. */
  readonly response: readonly string[];
}

/**
 * Every route of the console, by id: nothing else is served (every other
 * path is 404). A POST route is a change: JSON body, same-origin `Origin`,
 * at most `consoleLimits.maxBodyBytes`.
 */
export const consoleRoutes = {
  login: { method: 'GET', path: '/login', session: false, request: ['secret'], response: [] },
  loginForm: { method: 'POST', path: '/login', session: false, request: ['secret'], response: [] },
  shell: { method: 'GET', path: '/', session: false, request: [], response: [] },
  asset: { method: 'GET', path: '/assets/<name>', session: false, request: [], response: [] },
  state: { method: 'GET', path: '/api/state', session: true, request: [], response: ['mode', 'app', 'pending'] },
  events: { method: 'GET', path: '/api/events', session: true, request: [], response: [] },
  photo: { method: 'GET', path: '/api/photos/<pendingId>/<photoId>', session: true, request: ['key'], response: [] },
  answer: { method: 'POST', path: '/api/answer', session: true, request: ['id', 'answer'], response: ['ok'] },
  grants: { method: 'GET', path: '/api/grants', session: true, request: [], response: ['grants', 'app', 'scope', 'answer'] },
  revokeGrant: { method: 'POST', path: '/api/grants/revoke', session: true, request: ['app', 'scope'], response: ['ok'] },
  tokens: { method: 'GET', path: '/api/tokens', session: true, request: [], response: ['tokens', 'name', 'createdAt'] },
  addToken: { method: 'POST', path: '/api/tokens/add', session: true, request: ['name'], response: ['name', 'token'] },
  revokeToken: { method: 'POST', path: '/api/tokens/revoke', session: true, request: ['name'], response: ['ok'] },
  audit: { method: 'GET', path: '/api/audit', session: true, request: ['app', 'tool', 'status', 'limit', 'after'], response: ['rows'] },
  auditMinutes: { method: 'GET', path: '/api/audit/minutes', session: true, request: [], response: ['minutes', 'minute', 'counts'] },
} as const satisfies Readonly<Record<ConsoleRouteId, ConsoleRoute>>;

/** The fields of each kind's `Pending` besides `PendingBase`'s, and of its answers (checked against the types at compile time). */
export const pendingFields = {
  consent: { pending: ['scope', 'title', 'text', 'why', 'tool', 'toolDescription', 'arguments', 'detached'], answer: ['reply'] },
  photos: { pending: ['limit', 'photos'], answer: ['photoIds'] },
  open: { pending: ['multiple', 'accept', 'files'], answer: ['names'] },
  save: { pending: ['suggestedName', 'mimeType', 'size'], answer: ['name', 'cancel'] },
  print: { pending: ['documentName', 'mimeType', 'printers'], answer: ['printer', 'cancel'] },
} as const satisfies { readonly [K in ConsolePendingKind]: { readonly pending: readonly (keyof PendingFields<K>)[]; readonly answer: readonly string[] } };

/** The fields every `Pending` carries, of its agent, of a sheet's argument, of an offered photo and file, of an audit row and of an `ended` event. */
export const sharedFields = {
  pending: ['id', 'kind', 'app', 'createdAt', 'expiresAt', 'agent'],
  agent: ['name', 'version', 'via'],
  argument: ['name', 'value'],
  photo: ['id', 'name', 'takenAt'],
  file: ['name', 'size'],
  auditRow: ['id', 'at', 'appId', 'clientId', 'tool', 'status', 'error'],
  error: ['error'],
  ended: ['id', 'why'],
} as const satisfies {
  readonly pending: readonly (keyof PendingBase)[];
  readonly agent: readonly (keyof AgentJson)[];
  readonly argument: readonly (keyof PendingArgument)[];
  readonly photo: readonly (keyof PendingPhoto)[];
  readonly file: readonly (keyof PendingFile)[];
  readonly auditRow: readonly (keyof AuditRowJson)[];
  readonly error: readonly (keyof ErrorBody)[];
  readonly ended: readonly (keyof ConsoleEnded)[];
};

/** Why a pending request ended: the person answered, its deadline passed unanswered, or the call stopped waiting before (the client cancelled, the host stopped). */
export type ConsoleEndedWhy = 'answered' | 'expired' | 'cancelled';

/** `event: ended`: one request left the pending list, and why (an `expired` card stays, saying that nothing was stored). */
export interface ConsoleEnded {
  /** The request's id. */
  readonly id: string;
  /** Why it ended. */
  readonly why: ConsoleEndedWhy;
}

/** The events of `GET /api/events` (`event: <name>`) and what each one's `data` is. */
export interface ConsoleEvents {
  /** The whole pending list, on connect and on every change. */
  readonly pending: readonly Pending[];
  /** One new audit row, oldest first. */
  readonly audit: AuditRowJson;
  /** Grants changed: `{}` (read `GET /api/grants` again). */
  readonly grants: Record<string, never>;
  /** One request ended (sent before the `pending` list without it). */
  readonly ended: ConsoleEnded;
  /** Audit rows were committed faster than the stream sends them: these were not sent (read `GET /api/audit` again). */
  readonly lagged: ConsoleLagged;
}

/** The data of `event: lagged`: how many audit rows were not sent as `event: audit`, up to which id. */
export interface ConsoleLagged {
  /** Rows not sent. */
  readonly missed: number;
  /** The id of the newest row not sent; `event: audit` goes on after it. */
  readonly lastId: number;
}

/** The names of `ConsoleEvents`. */
export const consoleEvents = ['pending', 'audit', 'grants', 'ended', 'lagged'] as const satisfies readonly (keyof ConsoleEvents)[];

/**
 * How the page proves it is the console's own: a successful `/login` answers the page itself with the session's
 * token and photo key in two `<meta>` elements; the page keeps them in `sessionStorage` and sends the token in the
 * `header` of every `/api/` request (the event stream too, read with `fetch`), the photo key as `?key=` of a
 * thumbnail's address. The session cookie (`HttpOnly`, every port of 127.0.0.1 gets it) only unlocks the static
 * shell at `GET /`: a cookie alone never authorizes anything.
 */
export const consoleSession = {
  /** The request header carrying the session token. */
  header: 'X-Xcap-Session',
  /** The `name` of the login page's `<meta>` holding the token. */
  tokenMeta: 'xcap-session',
  /** The `name` of the login page's `<meta>` holding the photo key. */
  photoKeyMeta: 'xcap-photo-key',
} as const;

/** The console's bounds. */
export const consoleLimits = {
  /** The largest JSON body of a POST, in bytes (413 past it, chunked bodies too). */
  maxBodyBytes: 16 * 1024,
  /** The largest photo served, in bytes (413 past it). */
  maxPhotoBytes: 16 * 1024 * 1024,
  /** The largest page asset served, in bytes. */
  maxAssetBytes: 8 * 1024 * 1024,
  /** Sessions kept at once (the oldest is forgotten past it). */
  maxSessions: 64,
  /** Event streams open at once (429 past it). */
  maxStreams: 8,
  /** New audit rows one look at the log sends as `event: audit`; this many or more at once are one `event: lagged`. */
  maxStreamRows: 500,
  /** Bytes an event stream may have waiting before its audit rows are counted as missed (`event: lagged` once it drains). */
  maxStreamBufferBytes: 1024 * 1024,
  /** Connections open at once (past it the oldest without a session is closed). */
  maxConnections: 64,
  /** Grants and tokens listed at most. */
  maxListed: 10_000,
  /** The largest `limit` of `GET /api/audit` (the default is `defaultAuditLimit`). */
  maxAuditLimit: 500,
  /** The `limit` of `GET /api/audit` when none is given. */
  defaultAuditLimit: 100,
  /** Photos a photo picker lists at most (the newest). */
  maxPhotos: 500,
  /** Files an open picker lists at most (the most recent). */
  maxFiles: 500,
  /** Printers a print sheet lists at most. */
  maxPrinters: 100,
  /** The longest name a save answer may carry, in characters. */
  maxSaveNameLength: 1_000,
  /** Arguments a consent sheet lists at most (the rest are counted in one last line). */
  maxArguments: 20,
  /** The longest argument value a sheet shows, in characters (cut with … past it). */
  maxArgumentChars: 200,
} as const;
