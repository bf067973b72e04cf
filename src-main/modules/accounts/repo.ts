// Runs in: main. All SQL of accounts, sessions and tokens. Secrets arrive here already hashed.
import type { Sqlite } from '../../db/connection';
import { stmt } from '../../db/sql';

export interface UserRow {
  UsID: number;
  UsUsername: string;
  UsPasswordHash: string;
  UsEmail: string | null;
  UsRole: 'user' | 'admin';
  UsRecoveryCodeHash: string | null;
  UsEmailVerifiedAt: number | null;
  UsActive: number;
  UsCreated: number;
  UsLastLogin: number | null;
  UsMustChangePassword: number;
}

export interface TokenRow {
  AtID: number;
  AtUsID: number | null;
  AtName: string;
  AtOrigin: string | null;
  AtCreated: number;
  AtExpires: number | null;
  AtLastUsed: number | null;
  AtScopes: string;
}

const USER_COLS =
  'UsID, UsUsername, UsPasswordHash, UsEmail, UsRole, UsRecoveryCodeHash, UsEmailVerifiedAt, UsActive, UsCreated, UsLastLogin, UsMustChangePassword';

// ---- users
export const userById = (sqlite: Sqlite, id: number) => stmt(sqlite, `SELECT ${USER_COLS} FROM users WHERE UsID = ?`).get(id) as UserRow | undefined;
export const userByName = (sqlite: Sqlite, name: string) =>
  stmt(sqlite, `SELECT ${USER_COLS} FROM users WHERE UsUsername = ? COLLATE NOCASE`).get(name) as UserRow | undefined;
export const userByEmail = (sqlite: Sqlite, email: string) =>
  stmt(sqlite, `SELECT ${USER_COLS} FROM users WHERE UsEmail = ? COLLATE NOCASE ORDER BY UsID LIMIT 1`).get(email) as UserRow | undefined;
export const listUsers = (sqlite: Sqlite) => stmt(sqlite, `SELECT ${USER_COLS} FROM users ORDER BY UsUsername COLLATE NOCASE`).all() as UserRow[];
export const countUsers = (sqlite: Sqlite) => (stmt(sqlite, 'SELECT count(*) AS n FROM users').get() as { n: number }).n;
export const countActiveAdmins = (sqlite: Sqlite) =>
  (stmt(sqlite, "SELECT count(*) AS n FROM users WHERE UsRole = 'admin' AND UsActive = 1").get() as { n: number }).n;
export const anyAdmin = (sqlite: Sqlite) => stmt(sqlite, "SELECT 1 FROM users WHERE UsRole = 'admin' LIMIT 1").get() !== undefined;

export function insertUser(
  sqlite: Sqlite,
  u: { username: string; hash: string; email: string | null; role: 'user' | 'admin'; recoveryHash: string | null; now: number },
): number {
  return Number(
    stmt(sqlite, 'INSERT INTO users (UsUsername, UsPasswordHash, UsEmail, UsRole, UsRecoveryCodeHash, UsActive, UsCreated) VALUES (?, ?, ?, ?, ?, 1, ?)').run(
      u.username,
      u.hash,
      u.email,
      u.role,
      u.recoveryHash,
      u.now,
    ).lastInsertRowid,
  );
}
/** A password the account chose itself: any temporary-password mark goes. */
export const setPassword = (sqlite: Sqlite, id: number, hash: string) =>
  stmt(sqlite, 'UPDATE users SET UsPasswordHash = ?, UsMustChangePassword = 0 WHERE UsID = ?').run(hash, id);
/** A password an administrator gave: the account must change it before doing anything else. */
export const setTemporaryPassword = (sqlite: Sqlite, id: number, hash: string) =>
  stmt(sqlite, 'UPDATE users SET UsPasswordHash = ?, UsMustChangePassword = 1 WHERE UsID = ?').run(hash, id);
/** The account row; every owned row goes with it through the owner columns' ON DELETE CASCADE. */
export const deleteUser = (sqlite: Sqlite, id: number) => stmt(sqlite, 'DELETE FROM users WHERE UsID = ?').run(id).changes;
export const setRecoveryHash = (sqlite: Sqlite, id: number, hash: string | null) =>
  stmt(sqlite, 'UPDATE users SET UsRecoveryCodeHash = ? WHERE UsID = ?').run(hash, id);
export const setLastLogin = (sqlite: Sqlite, id: number, now: number) => stmt(sqlite, 'UPDATE users SET UsLastLogin = ? WHERE UsID = ?').run(now, id);
export const setEmailVerified = (sqlite: Sqlite, id: number, now: number) => stmt(sqlite, 'UPDATE users SET UsEmailVerifiedAt = ? WHERE UsID = ?').run(now, id);
export const setRole = (sqlite: Sqlite, id: number, role: 'user' | 'admin') => stmt(sqlite, 'UPDATE users SET UsRole = ? WHERE UsID = ?').run(role, id);
export const setActive = (sqlite: Sqlite, id: number, active: boolean) => stmt(sqlite, 'UPDATE users SET UsActive = ? WHERE UsID = ?').run(active ? 1 : 0, id);

// ---- sessions
export const insertSession = (sqlite: Sqlite, hash: string, userId: number, now: number) =>
  stmt(sqlite, 'INSERT INTO auth_sessions (AsID, AsUsID, AsCreated, AsLastSeen) VALUES (?, ?, ?, ?)').run(hash, userId, now, now);
export const sessionWithUser = (sqlite: Sqlite, hash: string) =>
  stmt(
    sqlite,
    'SELECT AsCreated, AsLastSeen, UsID, UsUsername, UsRole, UsMustChangePassword FROM auth_sessions JOIN users ON UsID = AsUsID WHERE AsID = ? AND UsActive = 1',
  ).get(hash) as
    { AsCreated: number; AsLastSeen: number; UsID: number; UsUsername: string; UsRole: 'user' | 'admin'; UsMustChangePassword: number } | undefined;
export const touchSession = (sqlite: Sqlite, hash: string, now: number) =>
  stmt(sqlite, 'UPDATE auth_sessions SET AsLastSeen = ? WHERE AsID = ?').run(now, hash);
export const deleteSession = (sqlite: Sqlite, hash: string) => stmt(sqlite, 'DELETE FROM auth_sessions WHERE AsID = ?').run(hash);
export const deleteOtherSessions = (sqlite: Sqlite, userId: number, keepHash: string | null) =>
  stmt(sqlite, 'DELETE FROM auth_sessions WHERE AsUsID = ? AND AsID IS NOT ?').run(userId, keepHash);
export const pruneSessions = (sqlite: Sqlite, idleBefore: number, createdBefore: number) =>
  stmt(sqlite, 'DELETE FROM auth_sessions WHERE AsLastSeen < ? OR AsCreated < ?').run(idleBefore, createdBefore);

// ---- remember-me
export const insertRemember = (sqlite: Sqlite, selector: string, validatorHash: string, userId: number, now: number, expires: number) =>
  stmt(sqlite, 'INSERT INTO remember_tokens (RtSelector, RtValidatorHash, RtUsID, RtCreated, RtExpires) VALUES (?, ?, ?, ?, ?)').run(
    selector,
    validatorHash,
    userId,
    now,
    expires,
  );
export const rememberBySelector = (sqlite: Sqlite, selector: string) =>
  stmt(
    sqlite,
    'SELECT RtValidatorHash, RtUsID, RtExpires, UsUsername, UsRole, UsActive, UsMustChangePassword FROM remember_tokens JOIN users ON UsID = RtUsID WHERE RtSelector = ?',
  ).get(selector) as
    | {
        RtValidatorHash: string;
        RtUsID: number;
        RtExpires: number;
        UsUsername: string;
        UsRole: 'user' | 'admin';
        UsActive: number;
        UsMustChangePassword: number;
      }
    | undefined;
export const deleteRemember = (sqlite: Sqlite, selector: string) => stmt(sqlite, 'DELETE FROM remember_tokens WHERE RtSelector = ?').run(selector);
export const deleteUserRemember = (sqlite: Sqlite, userId: number) => stmt(sqlite, 'DELETE FROM remember_tokens WHERE RtUsID = ?').run(userId);

// ---- API tokens (AtUsID NULL = the local owner of single-user mode; `IS` matches both)
export function insertToken(
  sqlite: Sqlite,
  t: { userId: number | null; name: string; hash: string; origin: string | null; now: number; expires: number | null; scopes: string },
): number {
  return Number(
    stmt(sqlite, 'INSERT INTO api_tokens (AtUsID, AtName, AtHash, AtOrigin, AtCreated, AtExpires, AtScopes) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      t.userId,
      t.name,
      t.hash,
      t.origin,
      t.now,
      t.expires,
      t.scopes,
    ).lastInsertRowid,
  );
}
export const tokenByHash = (sqlite: Sqlite, hash: string) =>
  stmt(
    sqlite,
    'SELECT AtID, AtUsID, AtExpires, AtLastUsed, AtOrigin, AtScopes, UsUsername, UsRole, UsActive, UsMustChangePassword FROM api_tokens LEFT JOIN users ON UsID = AtUsID WHERE AtHash = ?',
  ).get(hash) as
    | {
        AtID: number;
        AtUsID: number | null;
        AtExpires: number | null;
        AtLastUsed: number | null;
        AtOrigin: string | null;
        AtScopes: string;
        UsUsername: string | null;
        UsRole: 'user' | 'admin' | null;
        UsActive: number | null;
        UsMustChangePassword: number | null;
      }
    | undefined;
export const touchToken = (sqlite: Sqlite, id: number, now: number) => stmt(sqlite, 'UPDATE api_tokens SET AtLastUsed = ? WHERE AtID = ?').run(now, id);
export const listTokens = (sqlite: Sqlite, owner: number | null) =>
  stmt(
    sqlite,
    'SELECT AtID, AtUsID, AtName, AtOrigin, AtCreated, AtExpires, AtLastUsed, AtScopes FROM api_tokens WHERE AtUsID IS @owner ORDER BY AtCreated DESC, AtID DESC',
  ).all({
    owner,
  }) as TokenRow[];
export const deleteToken = (sqlite: Sqlite, id: number, owner: number | null) =>
  stmt(sqlite, 'DELETE FROM api_tokens WHERE AtID = @id AND AtUsID IS @owner').run({ id, owner }).changes;
/** Sign-in tokens (no paired origin) past the newest `keep` of an account. */
export const deleteOldLoginTokens = (sqlite: Sqlite, userId: number, keep: number) =>
  stmt(
    sqlite,
    'DELETE FROM api_tokens WHERE AtUsID = @userId AND AtOrigin IS NULL AND AtID NOT IN (SELECT AtID FROM api_tokens WHERE AtUsID = @userId AND AtOrigin IS NULL ORDER BY AtCreated DESC, AtID DESC LIMIT @keep)',
  ).run({ userId, keep }).changes;
export const deleteTokenById = (sqlite: Sqlite, id: number) => stmt(sqlite, 'DELETE FROM api_tokens WHERE AtID = ?').run(id);
export const deleteUserTokens = (sqlite: Sqlite, userId: number) => stmt(sqlite, 'DELETE FROM api_tokens WHERE AtUsID = ?').run(userId);
export const pairedOrigin = (sqlite: Sqlite, origin: string, now: number) =>
  stmt(sqlite, 'SELECT 1 FROM api_tokens WHERE AtOrigin = ? AND (AtExpires IS NULL OR AtExpires > ?) LIMIT 1').get(origin, now) !== undefined;

// ---- mailed links
export const insertMailToken = (sqlite: Sqlite, hash: string, userId: number, kind: 'reset' | 'verify', expires: number) =>
  stmt(sqlite, 'INSERT INTO auth_mail_tokens (MtHash, MtUsID, MtKind, MtExpires) VALUES (?, ?, ?, ?)').run(hash, userId, kind, expires);
export const takeMailToken = (sqlite: Sqlite, hash: string, kind: 'reset' | 'verify') =>
  stmt(sqlite, 'DELETE FROM auth_mail_tokens WHERE MtHash = ? AND MtKind = ? RETURNING MtUsID, MtExpires').get(hash, kind) as
    { MtUsID: number; MtExpires: number } | undefined;
export const deleteUserMailTokens = (sqlite: Sqlite, userId: number, kind: 'reset' | 'verify') =>
  stmt(sqlite, 'DELETE FROM auth_mail_tokens WHERE MtUsID = ? AND MtKind = ?').run(userId, kind);

// ---- captcha replay protection
/** Records a spent challenge; false when it was spent before. */
export function spendCaptcha(sqlite: Sqlite, hash: string, expires: number, now: number): boolean {
  stmt(sqlite, 'DELETE FROM captcha_spent WHERE CsExpires < ?').run(now);
  return stmt(sqlite, 'INSERT OR IGNORE INTO captcha_spent (CsHash, CsExpires) VALUES (?, ?)').run(hash, expires).changes === 1;
}

// ---- first admin: take over every owner-less row
const OWNER_COLUMN = /^[A-Za-z][A-Za-z0-9]UsID$/;
const NOT_LIBRARY = new Set(['users', 'auth_sessions', 'remember_tokens', 'api_tokens', 'auth_mail_tokens', 'captcha_spent', 'settings']);

/** Every (table, owner column) pair in the live schema, so tables added by later modules are covered too. */
export function ownerColumns(sqlite: Sqlite): { table: string; column: string }[] {
  const tables = stmt(
    sqlite,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\'",
  ).all() as {
    name: string;
  }[];
  const out: { table: string; column: string }[] = [];
  for (const { name } of tables) {
    if (NOT_LIBRARY.has(name)) continue;
    for (const col of sqlite.prepare(`PRAGMA table_info("${name.replace(/"/g, '""')}")`).all() as { name: string }[])
      if (OWNER_COLUMN.test(col.name)) out.push({ table: name, column: col.name });
  }
  return out;
}

/** Every owner-less row of the library's tables becomes the user's (settings: the settings module). */
export function takeOverOwnerless(sqlite: Sqlite, userId: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { table, column } of ownerColumns(sqlite)) {
    counts[table] = sqlite.prepare(`UPDATE "${table}" SET "${column}" = ? WHERE "${column}" IS NULL`).run(userId).changes;
  }
  return counts;
}

// ---- server data page
export function tableCounts(sqlite: Sqlite): { name: string; rows: number }[] {
  const tables = stmt(sqlite, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  return tables.map(({ name }) => ({ name, rows: (sqlite.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n }));
}
export const sqliteVersion = (sqlite: Sqlite) => (stmt(sqlite, 'SELECT sqlite_version() AS v').get() as { v: string }).v;
export const databaseBytes = (sqlite: Sqlite) => {
  const pages = (sqlite.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
  const size = (sqlite.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
  return pages * size;
};

export const userByMailToken = (sqlite: Sqlite, hash: string, kind: 'reset' | 'verify') =>
  stmt(sqlite, 'SELECT MtUsID, MtExpires FROM auth_mail_tokens WHERE MtHash = ? AND MtKind = ?').get(hash, kind) as
    { MtUsID: number; MtExpires: number } | undefined;
export const rotateRemember = (sqlite: Sqlite, selector: string, validatorHash: string) =>
  stmt(sqlite, 'UPDATE remember_tokens SET RtValidatorHash = ? WHERE RtSelector = ?').run(validatorHash, selector);
