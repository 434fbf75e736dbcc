/** Where a `BatchedWriter` (and so a `LineTransport`'s output) stands: taking lines, waiting for `drain`, failed for good (nothing more is written), or closed by its owner. */
export type WritingState = 'open' | 'draining' | 'failed' | 'closed';
