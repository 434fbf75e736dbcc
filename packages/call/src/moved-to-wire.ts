import {
  BoundedLineSplitter as WireBoundedLineSplitter,
  discardedHeadBytes as wireDiscardedHeadBytes,
  resolvesWithin as wireResolvesWithin,
  topLevelId as wireTopLevelId,
  withTimeout as wireWithTimeout,
  type BoundedLineHandlers as WireBoundedLineHandlers,
} from '@xcap/wire';

/** `@xcap/wire`'s `withTimeout`. @deprecated Moved to `@xcap/wire`; this re-export goes in the next minor. */
export const withTimeout = wireWithTimeout;

/** `@xcap/wire`'s `resolvesWithin`. @deprecated Moved to `@xcap/wire`; this re-export goes in the next minor. */
export const resolvesWithin = wireResolvesWithin;

/** `@xcap/wire`'s `BoundedLineSplitter`. @deprecated Moved to `@xcap/wire`; this re-export goes in the next minor. */
export const BoundedLineSplitter = WireBoundedLineSplitter;
/** `@xcap/wire`'s `BoundedLineSplitter`. @deprecated Moved to `@xcap/wire`; this re-export goes in the next minor. */
export type BoundedLineSplitter = WireBoundedLineSplitter;

/** `@xcap/wire`'s `BoundedLineHandlers`. @deprecated Moved to `@xcap/wire`; this re-export goes in the next minor. */
export type BoundedLineHandlers = WireBoundedLineHandlers;

/** `@xcap/wire`'s `discardedHeadBytes`. @deprecated Moved to `@xcap/wire`; this re-export goes in the next minor. */
export const discardedHeadBytes = wireDiscardedHeadBytes;

/** `@xcap/wire`'s `topLevelId`. @deprecated Moved to `@xcap/wire`; this re-export goes in the next minor. */
export const topLevelId = wireTopLevelId;
