/** A JSON-RPC 2.0 request id as xcap reads and answers it: a string or a safe integer. */
export type JsonRpcId = string | number;
