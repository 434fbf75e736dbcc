// The timeouts moved to @xcap/wire; this module keeps the path the call path's own modules import them by.
export { maxTimerDelay, withTimeout } from '@xcap/wire';
