/** The version of the xcap provider protocol this client speaks (`providers/describe`'s `protocolVersion`). */
export const providerProtocolVersion = 1;
