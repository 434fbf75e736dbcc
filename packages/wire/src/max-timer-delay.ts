/** The longest delay `setTimeout` honours (2^31 − 1 ms); longer ones are clamped to it. */
export const maxTimerDelay = 2_147_483_647;
