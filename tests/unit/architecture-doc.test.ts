// docs/architecture.md quotes a real module front door as its example, so the example compiles and names events
// that exist: this keeps the quoted copy equal to the file. Its "One name per domain" table maps every contract
// file, module folder and screen folder to a domain: this keeps the table and the folders the same set, so a new
// folder under an odd name (or a rename the table missed) fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const doc = () => fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

describe('docs/architecture.md module example', () => {
  it('is the terms module front door, word for word', () => {
    const block = /```ts\n\/\/ (src-main\/modules\/[a-z-]+\/index\.ts)\n([\s\S]*?)```/.exec(doc());
    expect(block).not.toBeNull();
    const [, file, quoted] = block!;
    expect(quoted).toBe(fs.readFileSync(path.join(root, file), 'utf8'));
  });
});

interface DomainTable {
  contracts: string[];
  modules: string[];
  screens: string[];
}

/** The names in backticks of the table's contract, module and screen columns (the 2nd, 3rd and 4th). */
function domainTable(markdown: string): DomainTable {
  const section = /### One name per domain\n([\s\S]*?)\n(?=#)/.exec(markdown);
  if (!section) throw new Error('docs/architecture.md has no "One name per domain" section');
  const rows = section[1].split('\n').filter((l) => l.startsWith('|') && !/^\|\s*-/.test(l));
  const cell = (row: string, i: number) => [...(row.split('|')[i + 1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  // The first row is the header; its cells name the folders, not members.
  const body = rows.slice(1);
  return {
    contracts: body.flatMap((r) => cell(r, 1)),
    modules: body.flatMap((r) => cell(r, 2)),
    screens: body.flatMap((r) => cell(r, 3)),
  };
}

function onDisk(): DomainTable {
  const dirs = (rel: string) =>
    fs
      .readdirSync(path.join(root, rel), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  return {
    contracts: fs.readdirSync(path.join(root, 'src-shared/contract')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')),
    modules: dirs('src-main/modules'),
    screens: dirs('src-renderer/features'),
  };
}

/** What the table lacks and what it names that is not there, per column. */
function differences(table: DomainTable, disk: DomainTable): string[] {
  return (['contracts', 'modules', 'screens'] as const).flatMap((k) => [
    ...disk[k].filter((n) => !table[k].includes(n)).map((n) => `${k}: ${n} is not in the table`),
    ...table[k].filter((n) => !disk[k].includes(n)).map((n) => `${k}: ${n} is in the table but not on disk`),
    ...table[k].filter((n, i) => table[k].indexOf(n) !== i).map((n) => `${k}: ${n} is in two rows`),
  ]);
}

describe('docs/architecture.md "One name per domain"', () => {
  it('names every contract file, module folder and screen folder, and nothing else', () => {
    const table = domainTable(doc());
    expect(table.contracts.length).toBeGreaterThan(20);
    expect(table.modules.length).toBeGreaterThan(20);
    expect(differences(table, onDisk())).toEqual([]);
  });

  it('would catch a folder missing from the table and a row naming a folder that is gone (the check itself works)', () => {
    const probe = [
      '### One name per domain',
      '',
      '| Domain | Contract | Modules | Screens | Notes |',
      '| - | - | - | - | - |',
      '| Stats | `stats.ts` | `stats` | `stats` | `ignored.ts` |',
      '',
      '## Next',
    ].join('\n');
    const table = domainTable(probe);
    expect(table).toEqual({ contracts: ['stats.ts'], modules: ['stats'], screens: ['stats'] });
    expect(differences(table, { contracts: ['statistics.ts'], modules: ['stats'], screens: ['stats'] })).toEqual([
      'contracts: statistics.ts is not in the table',
      'contracts: stats.ts is in the table but not on disk',
    ]);
  });
});
