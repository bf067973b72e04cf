// Word-segmentation figures against Universal Dependencies treebanks: reading CoNLL-U sentences, and word F1 of
// the tokenizer's word tokens against the treebank's words. Used by bench/segment.bench.ts and the Chinese
// segmenter's trainer (scripts/zh-segmenter.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export interface GoldSentence {
  /** The sentence as written (# text). */
  text: string;
  /** Its words (FORM of each token line, multiword ranges' parts left out for their surface). */
  words: string[];
}

/** Sentences of a CoNLL-U file: each `# text` and its words (a range line's surface stands for its parts). */
export function readConllu(conllu: string): GoldSentence[] {
  const out: GoldSentence[] = [];
  let text = '';
  let words: string[] = [];
  let skipTo = 0;
  for (const line of conllu.split('\n')) {
    if (line.startsWith('# text = ')) text = line.slice(9);
    else if (line.trim() === '') {
      if (words.length) out.push({ text, words });
      text = '';
      words = [];
      skipTo = 0;
    } else if (!line.startsWith('#')) {
      const cols = line.split('\t');
      const id = cols[0];
      if (id.includes('.')) continue;
      const range = /^(\d+)-(\d+)$/.exec(id);
      if (range) {
        words.push(cols[1]);
        skipTo = Number(range[2]);
        continue;
      }
      if (Number(id) <= skipTo) continue;
      words.push(cols[1]);
    }
  }
  if (words.length) out.push({ text, words });
  return out;
}

/** The compact copy format: one sentence a line, its words joined by U+2002 (no treebank word holds one). */
export const WORD_JOIN = '\u2002';
export const toCompact = (sentences: readonly GoldSentence[]) => sentences.map((s) => `${s.text}\t${s.words.join(WORD_JOIN)}`).join('\n') + '\n';
export const fromCompact = (text: string): GoldSentence[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [t, w] = line.split('\t');
      return { text: t, words: w.split(WORD_JOIN) };
    });

const dir = path.dirname(fileURLToPath(import.meta.url));
/** The compact dev copies the bench reads by default (bench/data/, CC BY-SA 4.0, see its README.md). */
export const compactPath = (name: string) => path.join(dir, 'data', `${name}.txt.gz`);

/**
 * A treebank's dev sentences: the .conllu at the path in env var `envVar` when set, else the compact copy, else
 * null (the bench then prints "skipped").
 */
export function devSentences(envVar: string, compactName: string): GoldSentence[] | null {
  const p = process.env[envVar];
  if (p) return readConllu(fs.readFileSync(p, 'utf8'));
  const c = compactPath(compactName);
  if (fs.existsSync(c)) return fromCompact(zlib.gunzipSync(fs.readFileSync(c)).toString('utf8'));
  return null;
}

/** A dev file out of a fetched treebank's git directory (scripts that rebuild the compact copies). */
export const conlluFromMirror = (gitDir: string, file: string): string =>
  execFileSync('git', ['-C', gitDir, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });

const NOT_COUNTED = /[^\p{L}\p{M}\p{N}]+/gu;
const COUNTED = /[\p{L}\p{M}\p{N}]/u;

export interface F1 {
  precision: number;
  recall: number;
  f1: number;
  /** Sentences left out because the parse's text differs from the treebank's words (substitutions). */
  skipped: number;
}

/**
 * Word F1 over the words `counts` accepts (Chinese: words holding a Han character), comparing spans in the text
 * with everything but letters, marks and digits taken out. `segment` gives a sentence's word tokens in order (every token the tokenizer calls
 * a word) and the text they were cut from.
 */
export function wordF1(
  sentences: readonly GoldSentence[],
  segment: (text: string) => { words: { text: string; at: number }[]; text: string },
  counts: (w: string) => boolean,
): F1 {
  let gold = 0;
  let predicted = 0;
  let matched = 0;
  let skipped = 0;
  // Spans count letters, marks and digits only: whitespace and punctuation (which the language's substitutions
  // may rewrite, "..." to "…") take no room, and a word is the same span on both sides.
  const squeeze = (s: string) => s.replace(NOT_COUNTED, '');
  for (const s of sentences) {
    const parsed = segment(s.text);
    const goldText = squeeze(s.words.join(''));
    if (squeeze(parsed.text) !== goldText) {
      skipped++;
      continue;
    }
    // Offsets in the text without whitespace.
    const spaceless = new Int32Array(parsed.text.length + 1);
    for (let i = 0, k = 0; i <= parsed.text.length; i++) {
      spaceless[i] = k;
      if (i < parsed.text.length && COUNTED.test(parsed.text[i])) k++;
    }
    const goldSpans = new Set<string>();
    let at = 0;
    for (const w of s.words) {
      const len = squeeze(w).length;
      if (counts(w)) goldSpans.add(`${at}:${len}`);
      at += len;
    }
    gold += goldSpans.size;
    for (const w of parsed.words) {
      if (!counts(w.text)) continue;
      predicted++;
      if (goldSpans.has(`${spaceless[w.at]}:${squeeze(w.text).length}`)) matched++;
    }
  }
  const precision = predicted ? matched / predicted : 0;
  const recall = gold ? matched / gold : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, skipped };
}

export const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}]/u;
