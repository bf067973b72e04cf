// Runs in: main. The media store: files kept with the library (a text's audio or video, and whatever other
// modules attach), under <dataDir>/media/<MfID>.<MfExt>. Owned by the media module.
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './accounts';

/**
 * A media file (audio or video) stored under <dataDir>/media/<MfID><ext>. MfID is a random 128-bit hex name,
 * so the file name reveals nothing; it is served only to its owner (range requests, for seeking).
 */
export const mediaFiles = sqliteTable(
  'media_files',
  {
    MfID: text('MfID').primaryKey(),
    MfUsID: integer('MfUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    /** The name the file was uploaded with (shown, never used as a path). */
    MfFileName: text('MfFileName').notNull(),
    /** Detected from the bytes (file-type), e.g. audio/mpeg. */
    MfType: text('MfType').notNull(),
    MfExt: text('MfExt').notNull(),
    MfSize: integer('MfSize').notNull(),
    MfCreated: epochMs('MfCreated').notNull(),
  },
  (t) => [index('media_files_owner').on(t.MfUsID)],
);
