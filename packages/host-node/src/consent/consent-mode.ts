/**
 * How `xcap serve --foreground` puts an undecided `ask` scope to the person:
 * `dismiss` never asks (every sheet counts as dismissed), `prompt` asks on
 * the controlling terminal (`/dev/tty`), `elicit` asks through the agent's
 * own MCP client (elicitation), `console` in the local web console (its
 * sheets and pickers, for any client and transport). In the background no
 * one is asked: the broker answers `denied: consentNeeded`.
 */
export type ConsentMode = 'dismiss' | 'prompt' | 'elicit' | 'console';

/** Every consent mode, in the order `--help` lists them. */
export const consentModes: readonly ConsentMode[] = ['dismiss', 'prompt', 'elicit', 'console'];
