// Child process of import-kill.test.ts: starts a core on a data folder and imports a large dictionary; the parent
// SIGKILLs it once the worker has committed some slices.
import { createCore } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import { loadConfig } from '../../src-main/core/config';

const [dataDir] = process.argv.slice(2);
const core = createCore({ config: loadConfig({ NLP_SERVICE_URL: 'http://127.0.0.1:9' }, { port: '0' }, dataDir), log: silentLogger });
const { LgID } = (await core.dispatch('languages.create', { LgName: 'Killed' })) as { LgID: number };
const rows = ['term\tdefinition'];
for (let i = 0; i < 250_000; i++) rows.push(`wort${i}\tdefinition number ${i}`);
process.stdout.write(`READY ${LgID}\n`);
await core.dispatch('dictionaries.upload', { language_id: LgID, file: { filename: 'big.tsv', data: Buffer.from(rows.join('\n')) } });
process.stdout.write('DONE\n');
core.close();
