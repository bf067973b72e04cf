// Runs in: main. Column helpers shared by every schema file.
import { integer } from 'drizzle-orm/sqlite-core';

/** Milliseconds since the epoch (UTC). Every timestamp column in the store uses this. */
export const epochMs = (name: string) => integer(name);

/** SQLite has no boolean: 0/1 integers, surfaced as booleans by drizzle. */
export const flag = (name: string) => integer(name, { mode: 'boolean' });
