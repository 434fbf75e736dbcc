/** xcap host-testing: a scriptable fake host, the case replayer (xcap-conformance) and the native conformance suite. */
export {};
