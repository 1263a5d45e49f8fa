// Stand-in for the "server-only" marker package in vitest (see vitest.config.mts).
export {};
