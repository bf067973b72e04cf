// Migration 0013 on a database with API tokens from before scopes: each keeps working with a paired extension's
// scopes (read, vocabulary, import), never the manage scope that backup, restore and settings need.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';
import { EXTENSION_SCOPES, formatScopes } from '../../../src-shared/contract/token-scopes';

describe('migration 0013: token scopes', () => {
  it("gives tokens from before it an extension's scopes", () => {
    const { db, apply } = beforeMigration('0013_token_scopes');
    db.prepare("INSERT INTO api_tokens (AtUsID, AtName, AtHash, AtOrigin, AtCreated) VALUES (NULL, 'ext', 'h1', 'chrome-extension://abc', 0)").run();
    apply();
    expect(db.prepare('SELECT AtName, AtScopes FROM api_tokens').all()).toEqual([{ AtName: 'ext', AtScopes: formatScopes(EXTENSION_SCOPES) }]);
  });
});
