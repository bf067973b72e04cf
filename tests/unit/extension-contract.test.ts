// The browser extension is a client of the contract (issue 45): it calls endpoints by their contract name through
// src-shared/client, and its messages' shapes are the contract's. This compiles the extension's sources against the
// contract as it is (no error), then against a contract with an endpoint renamed and with a field renamed (each an
// error in the extension), so a contract change can never again break saving from the browser silently.
import path from 'node:path';
import fs from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const ENTRIES = ['src-extension/background.ts', 'src-extension/content/index.ts', 'src-extension/popup/popup.ts', 'src-extension/chrome.d.ts'].map((f) =>
  path.join(ROOT, f),
);

function options(): ts.CompilerOptions {
  const file = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(file.config, ts.sys, ROOT);
  return { ...parsed.options, types: [], noEmit: true };
}

/** The extension's type errors, with `edits` applied to files of the repository (path → [from, to]). */
function extensionErrors(edits: Record<string, [string, string]> = {}, old?: ts.Program): { errors: string[]; program: ts.Program } {
  const opts = options();
  const host = ts.createCompilerHost(opts);
  const read = host.readFile.bind(host);
  const edited = new Map(Object.entries(edits).map(([f, e]) => [path.join(ROOT, f), e]));
  host.readFile = (file) => {
    const text = read(file);
    const edit = edited.get(path.resolve(file));
    if (text === undefined || !edit) return text;
    if (!text.includes(edit[0])) throw new Error(`${file} no longer holds ${edit[0]}: update this test`);
    return text.split(edit[0]).join(edit[1]);
  };
  const getSourceFile = host.getSourceFile.bind(host);
  // Edited files are read again; the others come from the previous program (a second compile in a fraction of the time).
  host.getSourceFile = (file, lang, onError, fresh) =>
    (!edited.has(path.resolve(file)) && old?.getSourceFile(file)) || getSourceFile(file, lang, onError, fresh);
  const program = ts.createProgram({ rootNames: ENTRIES, options: opts, host, oldProgram: old });
  // Only the extension's files are checked (the checker resolves what they use of the contract, not the whole app).
  const errors = program
    .getSourceFiles()
    .filter((f) => f.fileName.includes('/src-extension/'))
    .flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)])
    .map((d) => `${path.relative(ROOT, d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  return { errors, program };
}

describe('the extension against the contract', () => {
  it('compiles against the contract; an endpoint renamed or a field renamed there is a type error in the extension', { timeout: 120_000 }, () => {
    expect(fs.existsSync(ENTRIES[0])).toBe(true);
    const base = extensionErrors();
    expect(base.errors).toEqual([]);

    // The endpoint that saves a word from a page, renamed in the contract.
    const renamed = extensionErrors({ 'src-shared/contract/reader.ts': ["'reader.quickTerm':", "'reader.saveWord':"] }, base.program);
    expect(renamed.errors.some((e) => e.startsWith('src-extension/background.ts') && e.includes('reader.quickTerm'))).toBe(true);

    // A field of a saved term, renamed in the contract: the content script's save no longer matches.
    const reshaped = extensionErrors({ 'src-shared/contract/terms.ts': ['  WoText: z.string()', '  WoWord: z.string()'] }, base.program);
    expect(reshaped.errors.some((e) => e.startsWith('src-extension/content/index.ts'))).toBe(true);

    // The dictionary lookup's answer reshaped: the content script reads `entries`.
    const lookup = extensionErrors({ 'src-shared/contract/dictionaries.ts': ['lemma_entries', 'lemmaEntries'] }, base.program);
    expect(lookup.errors.some((e) => e.startsWith('src-extension/content/index.ts') && e.includes('lemma_entries'))).toBe(true);
  });
});
