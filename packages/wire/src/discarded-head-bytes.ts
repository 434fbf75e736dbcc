/** How much of a discarded line `BoundedLineSplitter` keeps (to read its id): its first KiB. */
export const discardedHeadBytes = 1024;
