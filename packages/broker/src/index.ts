/** xcap broker: tool-name parsing, the one decision for UI and agent calls, agent tool lists, manifest validation and consent. */
export {};
