/** xcap call path: decide, consent, bridge and audit for every call, from app UI or an agent. */
export {};
