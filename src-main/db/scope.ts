// Runs in: main and worker threads. Ownership, structurally: every repo scopes its queries through these helpers.
//
// Single-user mode: the implicit local owner has id null and its rows keep the owner column NULL.
// Multi-user mode: the signed-in user's id. `IS` compares NULL and numbers alike, so one SQL shape
// serves both modes, and a row owned by anyone else is simply not found.
export interface CurrentUser {
  /** null = the implicit local owner of single-user mode. */
  id: number | null;
  username: string;
  role: 'user' | 'admin';
  /** An administrator set a temporary password: until it is changed, the account may only change it (http/auth.ts gate). */
  mustChangePassword?: boolean;
}

export const LOCAL_OWNER: CurrentUser = Object.freeze({ id: null, username: 'local', role: 'admin' as const });

/** Value to write into an owner column on insert. */
export const ownerOf = (user: CurrentUser): number | null => user.id;

/**
 * Raw-SQL form for prepared statements on hot paths: use `${ownerSql('LgUsID')}` in the statement
 * and pass `owner: ownerOf(user)` among the named parameters.
 */
export const ownerSql = (column: string): string => `${column} IS @owner`;
