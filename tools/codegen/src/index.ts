/** xcap codegen: turns a capability catalog into typed clients, validators, host-provider interfaces and native types. */
export {};
