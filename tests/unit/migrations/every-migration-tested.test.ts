// Each migration from 0011 on has its own test here, named by its tag (docs/DEVELOPING.md, "Migrations").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationTags } from '../../helpers/migrations';

/** Migrations before this one shipped without a test of their own. */
const FIRST_TESTED = '0011_occurrences_without_parent_checks';

describe('migration tests', () => {
  it('has a test file for each migration since the convention began', () => {
    const tags = migrationTags();
    expect(tags).toContain(FIRST_TESTED);
    const here = path.dirname(fileURLToPath(import.meta.url));
    const missing = tags.slice(tags.indexOf(FIRST_TESTED)).filter((tag) => !fs.existsSync(path.join(here, `${tag}.test.ts`)));
    expect(missing, 'write tests/unit/migrations/<tag>.test.ts with beforeMigration(tag) from tests/helpers/migrations.ts').toEqual([]);
  });
});
