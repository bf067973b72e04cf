// Runs in: main. The shipped running-text form tables (resources/lemma-tables/{iso}.tsv.gz, issue 47): read
// and gunzipped off the event loop (libuv's pool), parsed here in slices (the German and Italian tables, 300,000
// rows each, take ~0.4 s to parse: in one go that would hold every request), once per process. sources.ts puts a
// language's table before its Hunspell analyser.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { formTableParser, type FormTable } from '../../../src-shared/lemmas/form-table';
import { resourcesDir } from '../../core/paths';
import { slicer } from '../../core/slices';

const gunzip = promisify(zlib.gunzip);

export const formTableFile = (iso: string): string => path.join(resourcesDir(), 'lemma-tables', `${iso}.tsv.gz`);

const loaded = new Map<string, Promise<FormTable | null>>();

/** The language's form table, or null when none ships (or it cannot be read: the analyser alone then answers). */
export function loadFormTable(iso: string): Promise<FormTable | null> {
  let p = loaded.get(iso);
  if (!p) {
    p = (async () => {
      try {
        return await parseFormTableInSlices((await gunzip(await fs.promises.readFile(formTableFile(iso)))).toString('utf8'));
      } catch {
        return null;
      }
    })();
    loaded.set(iso, p);
  }
  return p;
}

/** A table's text parsed a slice at a time, the event loop given a turn between slices. */
export async function parseFormTableInSlices(text: string): Promise<FormTable> {
  const parser = formTableParser();
  const slice = slicer();
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\n', at);
    const stop = end < 0 ? text.length : end;
    parser.add(text.slice(at, stop));
    at = stop + 1;
    if (slice.spent()) await slice.yield();
  }
  return parser.done();
}

/** What a language's table is made of, with licences (resources/lemma-tables/sources.json), or null. */
type SourcesFile = Record<string, { sources: string[]; license: string }>;
let sourcesRead: SourcesFile | null = null;

export function formTableSource(iso: string): { sources: string[]; license: string } | null {
  if (!sourcesRead) {
    try {
      sourcesRead = JSON.parse(fs.readFileSync(path.join(resourcesDir(), 'lemma-tables', 'sources.json'), 'utf8')) as SourcesFile;
    } catch {
      sourcesRead = {};
    }
  }
  return sourcesRead[iso] ?? null;
}

/** Does a table ship for the language (a cheap check, for the source's name)? */
export const formTableShips = (iso: string): boolean => formTableSource(iso) !== null;
