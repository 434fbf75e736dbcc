/** Where a `LineTransport`'s input stands: read, paused by the in-flight bound, or done (ended, failed or stopped; lines already read are still delivered). */
export type ReadingState = 'reading' | 'paused' | 'done';
