// Runs in: main. SQL of text_readings: the ruby readings an imported book gave a text's words (base → reading).
// Reached through the owned parent text (the caller created or checked it).
import type { Sqlite } from '../../../db/connection';
import { insertMany, stmt } from '../../../db/sql';

export function insertTextReadings(sqlite: Sqlite, textId: number, readings: Record<string, string>): void {
  insertMany(
    sqlite,
    'INSERT OR IGNORE INTO text_readings (RdTxID, RdBase, RdReading)',
    3,
    Object.entries(readings).map(([base, reading]) => [textId, base, reading]),
  );
}

/** The text's readings, or undefined when it has none (most texts). */
export function selectTextReadings(sqlite: Sqlite, textId: number): Record<string, string> | undefined {
  const rows = stmt(sqlite, 'SELECT RdBase, RdReading FROM text_readings WHERE RdTxID = ?').raw().all(textId) as [string, string][];
  return rows.length ? Object.fromEntries(rows) : undefined;
}
