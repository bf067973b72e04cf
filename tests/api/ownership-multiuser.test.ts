// The table-driven ownership test (ownership.test.ts) in multi-user mode: two real accounts signed in over HTTP,
// every endpoint called by one with the other's ids (issue 14). Same table, so endpoints added later are covered.
process.env.LECTIO_OWNERSHIP_MULTI = '1';
await import('./ownership.test');
export {};
