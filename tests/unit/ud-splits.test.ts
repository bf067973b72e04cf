// A treebank split assembled from its documents (bench/ud-treebanks.ts, issue 47): UD_Portuguese-Bosque's train
// file is absent here (4 MiB or more), its documents and split lists are not. Only the listed sentences are taken,
// a document of the test split is refused, and no sentence of the file measured on (dev) may reach the table.
import { describe, expect, it } from 'vitest';
import { assembleSplit, documentOf, readUd, type UdFile } from '../../bench/ud-treebanks';

const sentence = (id: string, text: string, form: string, lemma: string) =>
  `# text = ${text}\n# sent_id = ${id}\n1\t${form}\t${lemma}\tNOUN\t_\t_\t0\troot\t_\t_\n`;

const files: Record<string, string> = {
  'lists/x-ud-train.txt': 'CF1-1\nCF1-3\nCP12-1\n',
  'lists/x-ud-test.txt': 'CF2-1\n',
  'x-ud-dev.conllu': sentence('CF3-1', 'Um título repetido', 'título', 'título'),
  // CF1-2 is in no list (left out of the release): not taken.
  'docs/CF0001.conllu': [sentence('CF1-1', 'Casas', 'casas', 'casa'), sentence('CF1-2', 'Vidas', 'vidas', 'vida'), sentence('CF1-3', 'Foi', 'foi', 'ser')].join(
    '\n',
  ),
  'docs/CP0012.conllu': sentence('CP12-1', 'Governos', 'governos', 'governo'),
  'docs/CF0002.conllu': sentence('CF2-1', 'Segredo', 'segredo', 'segredo'),
};

const split: UdFile = { repo: 'UD_X', file: 'lists/x-ud-train.txt', license: 'CC BY-SA 4.0', documents: { dir: 'docs', heldOut: ['x-ud-dev.conllu'] } };

function reader(over: Record<string, string> = {}) {
  const all = { ...files, ...over };
  const opened: string[] = [];
  const show = (name: string) => {
    opened.push(name);
    if (!(name in all)) throw new Error(`absent: ${name}`);
    return all[name];
  };
  return { opened, show, showMany: (names: readonly string[]) => names.map(show) };
}

const lemmas = (conllu: string) => [...conllu.matchAll(/^1\t\S+\t(\S+)/gm)].map((m) => m[1]);

describe('a split assembled from its documents', () => {
  it('names documents as the treebank does: CF1-3 → CF0001, CP12-1 → CP0012', () => {
    expect(documentOf('CF1-3')).toBe('CF0001');
    expect(documentOf('CP12-1')).toBe('CP0012');
    expect(documentOf('CF1234-10')).toBe('CF1234');
  });

  it("takes the listed sentences of the listed documents, never opening a test document's file", () => {
    const r = reader();
    expect(lemmas(assembleSplit(split, r.show, r.showMany))).toEqual(['casa', 'ser', 'governo']);
    expect(r.opened).not.toContain('docs/CF0002.conllu');
  });

  it('refuses a list that names a document of the test split', () => {
    const r = reader({ 'lists/x-ud-train.txt': 'CF1-1\nCF2-2\n' });
    expect(() => assembleSplit(split, r.show, r.showMany)).toThrow(/CF0002 is in the test split/);
    expect(r.opened.filter((n) => n.startsWith('docs/'))).toEqual([]);
  });

  it('refuses a sentence whose id is in the measured file, and leaves out one whose text is', () => {
    const leak = reader({ 'x-ud-dev.conllu': sentence('CF1-3', 'Outra coisa', 'coisa', 'coisa') });
    expect(() => assembleSplit(split, leak.show, leak.showMany)).toThrow(/CF1-3 is also in a held-out file/);
    const repeated = reader({ 'x-ud-dev.conllu': sentence('CF3-1', 'Casas', 'casas', 'casa') });
    expect(lemmas(assembleSplit(split, repeated.show, repeated.showMany))).toEqual(['ser', 'governo']);
  });

  it('readUd refuses a test file, by list or by name', () => {
    expect(() => readUd({ ...split, file: 'lists/x-ud-test.txt' })).toThrow(/never read a test file/);
    expect(() => readUd({ repo: 'UD_X', file: 'x-ud-test.conllu', license: 'CC BY-SA 4.0' })).toThrow(/never read a test file/);
  });
});
