// Words written straight into the interface's JSX are words the Spanish interface shows in English. Every text
// node and every label-like attribute (placeholder, aria-label, title, alt, label) of src-renderer is read with
// the TypeScript parser; what holds a word must come from the catalogues (t / tr), apart from the few below.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Literals that are the same in every language, each with why. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Lectio', // the app's name
  'Homepage', // the sign-up form's hidden trap field: only bots see it
  'MB', // units
  'KB)',
  'TSV', // a file format
  'NLP_SERVICE_URL', // an environment variable, its example value, and a documentation file's path
  'NLP_SERVICE_URL=http://127.0.0.1:8000',
  'docs/listening.md',
  '&lt;', // keys shown as keys
  '&gt;',
  'Ctrl+S',
  'Ctrl+Enter',
]);
/** An example web address in a field reads the same in every language. */
const isExampleAddress = (value: string) => /^https?:\/\//.test(value);
const LABEL_ATTRIBUTES = new Set(['placeholder', 'aria-label', 'title', 'alt', 'label']);

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsxFiles(p) : p.endsWith('.tsx') ? [p] : [];
  });
}

/** The literal part of a label attribute: a string, or the fixed text of a template (`Select ${x}` → "Select "). */
function attributeText(init: ts.JsxAttributeValue): string {
  if (ts.isStringLiteral(init)) return init.text;
  if (!ts.isJsxExpression(init) || !init.expression) return '';
  const e = init.expression;
  if (ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isTemplateExpression(e)) return [e.head.text, ...e.templateSpans.map((span) => span.literal.text)].join(' ');
  return '';
}

function literalWords(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (n: ts.Node) => `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n)) {
      const text = n.getText().trim();
      if (/\p{L}{2,}/u.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text) && !isExampleAddress(text)) found.push(`${where(n)} "${text}"`);
    }
    if (ts.isJsxAttribute(n) && n.initializer && LABEL_ATTRIBUTES.has(n.name.getText())) {
      const value = attributeText(n.initializer);
      if (/\p{L}{2,}/u.test(value) && !SAME_IN_EVERY_LANGUAGE.has(value) && !isExampleAddress(value)) found.push(`${where(n)} ${n.name.getText()}="${value}"`);
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

describe('the interface has no words outside its catalogues', () => {
  const files = tsxFiles(path.join(ROOT, 'src-renderer'));

  it('reads every component', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('finds no word written into JSX text or label attributes', () => {
    expect(files.flatMap(literalWords)).toEqual([]);
  });

  it('would find one (the check itself works)', () => {
    const probe = path.join(ROOT, 'tests', 'unit', 'renderer-literals.probe.tsx');
    fs.writeFileSync(probe, 'export const A = () => <p title="Close it" aria-label={`Pick ${name}`}>Hello there <b>{name}</b></p>;\n');
    try {
      expect(literalWords(probe).map((f) => f.replace(/^.*?:\d+ /, ''))).toEqual(['title="Close it"', 'aria-label="Pick  "', '"Hello there"']);
    } finally {
      fs.rmSync(probe);
    }
  });
});
