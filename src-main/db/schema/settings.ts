// Runs in: main. Key/value settings. StUsID 0 is the global row (no FK: 0 is not a user).
import { sqliteTable, integer, text, primaryKey } from 'drizzle-orm/sqlite-core';

export const settings = sqliteTable(
  'settings',
  {
    StKey: text('StKey').notNull(),
    StValue: text('StValue').notNull(),
    StUsID: integer('StUsID').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.StKey, t.StUsID] })],
);
