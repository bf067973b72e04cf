// Runs in: main. SQL for settings. StUsID 0 is the global row; single-user mode stores per-user values there too.
import type { Sqlite } from '../../db/connection';
import type { CurrentUser } from '../../db/scope';
import { stmt } from '../../db/sql';

const ownerKey = (user: CurrentUser) => user.id ?? 0;

export function readUserSettings(sqlite: Sqlite, user: CurrentUser): Record<string, string> {
  const rows = stmt(sqlite, 'SELECT StKey, StValue FROM settings WHERE StUsID = ?').all(ownerKey(user)) as { StKey: string; StValue: string }[];
  return Object.fromEntries(rows.map((r) => [r.StKey, r.StValue]));
}

export function readSetting(sqlite: Sqlite, userId: number, key: string): string | undefined {
  const row = stmt(sqlite, 'SELECT StValue FROM settings WHERE StUsID = ? AND StKey = ?').get(userId, key) as { StValue: string } | undefined;
  return row?.StValue;
}

export function writeSetting(sqlite: Sqlite, user: CurrentUser, key: string, value: string): void {
  stmt(sqlite, 'INSERT INTO settings (StKey, StValue, StUsID) VALUES (?, ?, ?) ON CONFLICT(StKey, StUsID) DO UPDATE SET StValue = excluded.StValue').run(
    key,
    value,
    ownerKey(user),
  );
}

/**
 * The first admin of a library made in single-user mode takes its settings: per-user values kept in the global
 * row (StUsID 0) become the user's, admin-scoped keys stay global. Returns the rows written.
 */
export function moveGlobalSettingsToUser(sqlite: Sqlite, userId: number, globalKeys: readonly string[]): number {
  const placeholders = globalKeys.map(() => '?').join(', ') || "''";
  const moved = sqlite
    .prepare(
      `INSERT INTO settings (StKey, StValue, StUsID) SELECT StKey, StValue, ? FROM settings WHERE StUsID = 0 AND StKey NOT IN (${placeholders}) ` +
        'ON CONFLICT(StKey, StUsID) DO UPDATE SET StValue = excluded.StValue',
    )
    .run(userId, ...globalKeys).changes;
  sqlite.prepare(`DELETE FROM settings WHERE StUsID = 0 AND StKey NOT IN (${placeholders})`).run(...globalKeys);
  return moved;
}

/** A deleted account's own settings (settings have no foreign key to users: StUsID 0 is the global row). */
export const deleteUserSettings = (sqlite: Sqlite, userId: number) => stmt(sqlite, 'DELETE FROM settings WHERE StUsID = ?').run(userId).changes;
