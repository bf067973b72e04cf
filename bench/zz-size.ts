import { benchCore } from './helpers';
import mod from './reading.bench';
void mod;
const core = benchCore();
const lang = (await core.dispatch('languages.create', { LgName: 'German' })) as any;
const words: string[] = [];
for (let i = 0; i < 30000; i++) words.push('w' + (i * 2654435761 % 1000003).toString(36));
let seed = 1;
const r = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
for (let k = 0; k < 4; k++) {
  const parts: string[] = [];
  for (let i = 0; i < 170000; i++) parts.push(words[Math.floor(30000 * Math.pow(r(), 3))] + (i % 14 === 13 ? '. ' : ' '));
  await core.dispatch('texts.create', { TxLgID: lang.LgID, TxTitle: 'x', TxText: parts.join('') });
}
core.sqlite.pragma('wal_checkpoint(TRUNCATE)');
const n = (core.sqlite.prepare('select count(*) n from word_occurrences').get() as any).n;
console.log('occ', n);
for (const row of core.sqlite.prepare("SELECT name, sum(pgsize) bytes, sum(unused) unused FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 8").all() as any[]) console.log(row.name, (row.bytes / n).toFixed(2), 'B/occ', 'unused', (row.unused / row.bytes * 100).toFixed(0) + '%');
core.cleanup();
