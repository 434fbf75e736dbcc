/** xcap audit: argsHash (RFC 8785), the audit row of a broker call, and audit sinks. */
export {};
