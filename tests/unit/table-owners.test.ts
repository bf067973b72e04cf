// One owner writes a table (docs/architecture.md): the module whose src-main/db/schema/<module>.ts declares a
// table is the only one whose code INSERTs, UPDATEs, DELETEs or REPLACEs its rows. Others join it to read for
// display and call the owner's service to change it. This test reads the owners from the schema files and the
// write statements from every module file, so a new foreign write fails here rather than in a review.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const schemaDir = path.join(root, 'src-main/db/schema');
const modulesDir = path.join(root, 'src-main/modules');

/** Table name → owning module, from `sqliteTable('name', …)` in each schema/<module>.ts. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of fs.readdirSync(schemaDir)) {
    if (!file.endsWith('.ts')) continue;
    const module = file.replace(/\.ts$/, '');
    const src = fs.readFileSync(path.join(schemaDir, file), 'utf8');
    for (const m of src.matchAll(/sqliteTable\(\s*'([^']+)'/g)) {
      if (owners.has(m[1])) throw new Error(`table ${m[1]} declared twice`);
      owners.set(m[1], module);
    }
  }
  return owners;
}

function moduleFiles(dir = modulesDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return moduleFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** A target computed at run time (`${quote(t.name)}`): the statement works over tables found by introspection. */
const DYNAMIC = '(computed table name)';

interface Write {
  /** Path under src-main/modules, e.g. 'apkg/repo.ts'. */
  file: string;
  module: string;
  table: string;
  statement: string;
}

// SQL here is written in upper case; `DO UPDATE SET` (an upsert's second half) is not a statement of its own.
const WRITE = /\b(INSERT(?:\s+OR\s+[A-Z]+)?\s+INTO|(?<!DO\s)UPDATE(?:\s+OR\s+[A-Z]+)?|DELETE\s+FROM|REPLACE\s+INTO)\s+("[^"]*"|[^\s(,;`'"]+)/g;

function writes(): Write[] {
  return moduleFiles().flatMap((abs) => {
    const file = path.relative(modulesDir, abs).split(path.sep).join('/');
    const src = fs.readFileSync(abs, 'utf8');
    return [...src.matchAll(WRITE)].map((m) => {
      // `main.x` is the live file under its schema name; `"x"` is quoted.
      const target = m[2].replace(/^"|"$/g, '').replace(/^main\./, '');
      return {
        file,
        module: file.split('/')[0],
        table: target.includes('${') ? DYNAMIC : target,
        statement: `${m[1].replace(/\s+/g, ' ')} ${m[2]}`,
      };
    });
  });
}

/**
 * Writes that are not a module changing another module's rows. Each says why; keep the list short.
 * file → table → reason.
 */
const NOT_A_FOREIGN_WRITE: Record<string, Record<string, string>> = {
  'apkg/package-reader.ts': {
    sqlite_master: "An Anki collection opened in sql.js (another program's file, in memory): its schema objects are dropped before reading.",
  },
  'apkg/package-writer.ts': {
    col: "The Anki collection being exported, built in sql.js in memory: Anki's tables, not ours.",
    notes: 'The Anki collection being exported (sql.js, in memory).',
    cards: 'The Anki collection being exported (sql.js, in memory).',
  },
  'backup/repo.ts': {
    [DYNAMIC]:
      'Schema-generic whole-library work over every table introspection finds (copy one owner into a fresh backup file, empty a library, reassign owners and credentials in a staged restore): it must cover tables later modules add without a list.',
    settings: 'reassignOwners: the per-user settings of a staged restore copy (not the live database) follow the new owner, inside the schema-generic loop.',
    users: 'copyLiveAccounts: the staged restore copy takes the live accounts (attached as live), so sign-in keeps working after the swap.',
    _migrations:
      "copyRowsFrom: a restore rebuilt in Lectio's own schema takes the library's migration history in place of the fresh build's (the runner's table, no module's).",
  },
  'accounts/repo.ts': {
    [DYNAMIC]:
      'The first admin takes over every owner-less row of every table introspection finds (turning multi-user mode on), so tables later modules add are covered without a list.',
  },
};

describe('one owner writes a table', () => {
  const owners = tableOwners();
  const all = writes();

  it('finds the schema owners and the write statements', () => {
    // Guards the scanners themselves: a regex that matched nothing would pass everything.
    expect(owners.get('words')).toBe('terms');
    expect(owners.get('texts')).toBe('texts');
    expect(all.some((w) => w.file === 'terms/repo.ts' && w.table === 'words')).toBe(true);
    expect(all.some((w) => w.table === DYNAMIC)).toBe(true);
  });

  it('no module writes a table another module declares', () => {
    const foreign = all
      .filter((w) => !NOT_A_FOREIGN_WRITE[w.file]?.[w.table])
      .filter((w) => owners.get(w.table) !== w.module)
      .map((w) => `${w.file}: ${w.statement} (owner: ${owners.get(w.table) ?? 'no schema declares it'})`);
    expect(foreign).toEqual([]);
  });

  it('every allowance is still used', () => {
    const unused = Object.entries(NOT_A_FOREIGN_WRITE).flatMap(([file, tables]) =>
      Object.keys(tables)
        .filter((table) => !all.some((w) => w.file === file && w.table === table))
        .map((table) => `${file}: ${table}`),
    );
    expect(unused).toEqual([]);
  });
});
