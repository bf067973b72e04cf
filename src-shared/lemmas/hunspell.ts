// Runs in: any process (in the app: a worker thread, see src-main/workers/tasks.ts). A pure Hunspell reader:
// .aff + .dic text in, every surface form the dictionary accepts paired with the headword (stem) it came from.
//
// Supported: PFX/SFX with strip, add, condition and continuation classes (twofold affixes), cross-product,
// FLAG (single char, long, num, UTF-8), AF flag aliases, IGNORE, NEEDAFFIX, ONLYINCOMPOUND, FORBIDDENWORD,
// CIRCUMFIX. Compounding is not expanded (compound-only forms are left out); its marks (COMPOUNDFLAG,
// COMPOUNDBEGIN/MIDDLE/END, COMPOUNDMIN) are read for the lemmatizer's compound rule (compounds.ts).

export type FlagMode = 'char' | 'long' | 'num' | 'utf8';

export interface AffixRule {
  strip: string;
  add: string;
  /** Continuation classes: affixes that may be applied on top of this one (encoded flags, one char each). */
  cont: string;
  /** Condition compiled to one set of chars per position (null = any), checked at the stem's end or start. */
  cond: readonly CondPart[];
}

interface CondPart {
  chars: string;
  negate: boolean;
  any: boolean;
}

export interface AffixClass {
  flag: string;
  kind: 'P' | 'S';
  cross: boolean;
  rules: AffixRule[];
}

/**
 * Flags are encoded to one UTF-16 unit each (whatever FLAG says: "Aa", "1234", "é"), so a word's flags are a
 * short string and "has flag" is `includes`. `codes` maps a flag as written to its unit.
 */
export interface AffData {
  flagMode: FlagMode;
  codes: Map<string, string>;
  /** AF aliases, already encoded. */
  aliases: string[];
  prefixes: Map<string, AffixClass>;
  suffixes: Map<string, AffixClass>;
  needAffix: string | null;
  onlyInCompound: string | null;
  forbidden: string | null;
  circumfix: string | null;
  ignore: string;
  /** What marks a word (or an affix, through its continuation classes) as a part of a compound. */
  compound: CompoundMarks;
}

/** COMPOUNDFLAG (any position), COMPOUNDBEGIN / MIDDLE / END (encoded; null when the .aff has none), COMPOUNDMIN. */
export interface CompoundMarks {
  any: string | null;
  begin: string | null;
  middle: string | null;
  end: string | null;
  min: number;
}

/** Flags as written → list of flag names. */
export function parseFlags(raw: string, mode: FlagMode): string[] {
  if (!raw) return [];
  switch (mode) {
    case 'long': {
      const out: string[] = [];
      for (let i = 0; i < raw.length; i += 2) out.push(raw.slice(i, i + 2));
      return out;
    }
    case 'num':
      return raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    case 'utf8':
      return Array.from(raw);
    default:
      return raw.split('');
  }
}

const MAX_FLAGS = 60_000;

/** The one-unit code of a flag name, assigned on first sight (skipping the surrogate range). */
function codeOf(aff: Pick<AffData, 'codes'>, flag: string): string {
  let c = aff.codes.get(flag);
  if (c === undefined) {
    if (aff.codes.size >= MAX_FLAGS) throw new Error('The .aff file uses too many flags');
    let n = 0x100 + aff.codes.size;
    if (n >= 0xd800) n += 0x800;
    c = String.fromCharCode(n);
    aff.codes.set(flag, c);
  }
  return c;
}

/** Flags as written in a .dic line or an affix's continuation → encoded string (AF numbers resolved). */
export function encodeFlags(aff: Pick<AffData, 'codes' | 'aliases' | 'flagMode'>, raw: string): string {
  if (!raw) return '';
  if (aff.aliases.length && /^\d+$/.test(raw)) return aff.aliases[Number(raw) - 1] ?? '';
  let out = '';
  for (const f of parseFlags(raw, aff.flagMode)) out += codeOf(aff, f);
  return out;
}

function parseCondition(cond: string): CondPart[] {
  if (cond === '.' || cond === '') return [];
  const parts: CondPart[] = [];
  for (let i = 0; i < cond.length;) {
    const ch = cond[i];
    if (ch === '[') {
      const end = cond.indexOf(']', i);
      const body = cond.slice(i + 1, end === -1 ? cond.length : end);
      const negate = body.startsWith('^');
      parts.push({ chars: negate ? body.slice(1) : body, negate, any: false });
      i = end === -1 ? cond.length : end + 1;
    } else {
      // A condition is code points: keep surrogate pairs together.
      const cp = String.fromCodePoint(cond.codePointAt(i)!);
      parts.push(cp === '.' ? { chars: '', negate: false, any: true } : { chars: cp, negate: false, any: false });
      i += cp.length;
    }
  }
  return parts;
}

const partMatches = (p: CondPart, ch: string): boolean => p.any || p.chars.includes(ch) !== p.negate;

/** Does the condition hold at the end (suffix) or start (prefix) of the word? (Code units: conditions on
 * characters outside the BMP are not used by any shipped dictionary.) */
export function conditionHolds(rule: AffixRule, word: string, kind: 'P' | 'S'): boolean {
  const cond = rule.cond;
  const n = cond.length;
  if (n === 0) return true;
  if (word.length < n) return false;
  if (kind === 'S') {
    const off = word.length - n;
    for (let i = 0; i < n; i++) if (!partMatches(cond[i], word[off + i])) return false;
  } else {
    for (let i = 0; i < n; i++) if (!partMatches(cond[i], word[i])) return false;
  }
  return true;
}

export function parseAff(text: string): AffData {
  const aff: AffData = {
    flagMode: 'char',
    codes: new Map(),
    aliases: [],
    prefixes: new Map(),
    suffixes: new Map(),
    needAffix: null,
    onlyInCompound: null,
    forbidden: null,
    circumfix: null,
    ignore: '',
    compound: { any: null, begin: null, middle: null, end: null, min: 3 },
  };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  // FLAG and AF come first in real files, but read them first anyway: they decide how every flag reads.
  for (const line of lines) {
    const [key, value] = line.trim().split(/\s+/);
    if (key === 'FLAG') aff.flagMode = value === 'long' ? 'long' : value === 'num' ? 'num' : value === 'UTF-8' ? 'utf8' : 'char';
  }
  for (const line of lines) {
    const [key, value] = line.trim().split(/\s+/);
    if (key === 'AF' && value && !/^\d+$/.test(value))
      aff.aliases.push(
        parseFlags(value, aff.flagMode)
          .map((f) => codeOf(aff, f))
          .join(''),
      );
  }
  const flagOf = (v: string | undefined) => {
    const first = v ? parseFlags(v, aff.flagMode)[0] : undefined;
    return first === undefined ? null : codeOf(aff, first);
  };
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n].trim();
    if (!line || line.startsWith('#')) continue;
    const cols = line.split(/\s+/);
    const key = cols[0];
    if (key === 'NEEDAFFIX' || key === 'PSEUDOROOT') aff.needAffix = flagOf(cols[1]);
    else if (key === 'ONLYINCOMPOUND') aff.onlyInCompound = flagOf(cols[1]);
    else if (key === 'FORBIDDENWORD') aff.forbidden = flagOf(cols[1]);
    else if (key === 'CIRCUMFIX') aff.circumfix = flagOf(cols[1]);
    else if (key === 'IGNORE') aff.ignore = cols[1] ?? '';
    else if (key === 'COMPOUNDFLAG') aff.compound.any = flagOf(cols[1]);
    else if (key === 'COMPOUNDBEGIN') aff.compound.begin = flagOf(cols[1]);
    else if (key === 'COMPOUNDMIDDLE') aff.compound.middle = flagOf(cols[1]);
    else if (key === 'COMPOUNDEND' || key === 'COMPOUNDLAST') aff.compound.end = flagOf(cols[1]);
    // Hunspell reads COMPOUNDMIN 0 as 1.
    else if (key === 'COMPOUNDMIN' && /^\d+$/.test(cols[1] ?? '')) aff.compound.min = Math.max(1, Number(cols[1]));
    else if ((key === 'PFX' || key === 'SFX') && cols.length >= 4 && /^\d+$/.test(cols[3]) && (cols[2] === 'Y' || cols[2] === 'N')) {
      const kind = key === 'PFX' ? 'P' : 'S';
      const flag = codeOf(aff, cols[1]);
      const map = kind === 'P' ? aff.prefixes : aff.suffixes;
      const cls: AffixClass = map.get(flag) ?? { flag, kind, cross: cols[2] === 'Y', rules: [] };
      map.set(flag, cls);
      const count = Number(cols[3]);
      for (let r = 0; r < count && n + 1 < lines.length; r++) {
        const rl = lines[++n].trim().split(/\s+/);
        if (rl[0] !== key || rl[1] !== cols[1] || rl.length < 4) {
          if (rl[0] !== key) n--; // a short block: give the line back
          continue;
        }
        const strip = rl[2] === '0' ? '' : rl[2];
        const slash = rl[3].indexOf('/');
        let add = slash === -1 ? rl[3] : rl[3].slice(0, slash);
        if (add === '0') add = '';
        const cont = slash === -1 ? '' : encodeFlags(aff, rl[3].slice(slash + 1));
        cls.rules.push({ strip: stripIgnored(strip, aff.ignore), add: stripIgnored(add, aff.ignore), cont, cond: parseCondition(rl[4] ?? '.') });
      }
    }
  }
  return aff;
}

function stripIgnored(s: string, ignore: string): string {
  if (!ignore) return s;
  let out = '';
  for (const ch of s) if (!ignore.includes(ch)) out += ch;
  return out;
}

/** One .dic line → word and flags ("word/FLAGS morph…"; "\/" escapes a slash in the word). */
export function parseDicLine(
  line: string,
  aff: Pick<AffData, 'flagMode' | 'aliases' | 'ignore' | 'codes'>,
  cache?: Map<string, string>,
): { word: string; flags: string } | null {
  let text = line;
  const tab = text.indexOf('\t');
  if (tab !== -1) text = text.slice(0, tab);
  text = text.trim();
  if (!text) return null;
  let slash = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] === '/') {
      slash = i;
      break;
    }
  }
  let word: string;
  let flagText = '';
  if (slash === -1) {
    // Morphological fields after a space ("word po:noun"); a word itself may not hold a space then.
    word = text.split(/\s+/)[0];
  } else {
    word = text.slice(0, slash);
    flagText = text.slice(slash + 1).split(/\s+/)[0];
  }
  word = stripIgnored(word.replace(/\\\//g, '/'), aff.ignore);
  if (!word) return null;
  let flags = cache?.get(flagText);
  if (flags === undefined) {
    flags = encodeFlags(aff, flagText);
    cache?.set(flagText, flags);
  }
  return { word, flags };
}

export interface ExpandLimits {
  /** Stop after this many forms in total (a hostile or agglutinative dictionary). */
  maxForms?: number;
}

/**
 * Every form of one headword. `emit(form, depth)`: depth counts the affixes applied (0 = the headword).
 * Continuation classes are followed one level deep (twofold suffixes, prefix + suffix), as Hunspell does.
 */
export function expandWord(aff: AffData, word: string, flags: string, emit: (form: string, depth: number) => void): void {
  const has = (f: string | null) => f !== null && flags.includes(f);
  if (has(aff.forbidden)) return;
  if (!has(aff.needAffix) && !has(aff.onlyInCompound)) emit(word, 0);
  const blocked = (cont: string) =>
    (aff.needAffix !== null && cont.includes(aff.needAffix)) || (aff.onlyInCompound !== null && cont.includes(aff.onlyInCompound));
  const isCircumfix = (cont: string) => aff.circumfix !== null && cont.includes(aff.circumfix);

  const suffixed: { form: string; rule: AffixRule; cross: boolean }[] = [];
  for (const f of flags) {
    const cls = aff.suffixes.get(f);
    if (!cls) continue;
    for (const rule of cls.rules) {
      const form = applySuffix(rule, word);
      if (form === null) continue;
      suffixed.push({ form, rule, cross: cls.cross });
      if (!blocked(rule.cont) && !isCircumfix(rule.cont)) emit(form, 1);
      // Twofold suffix: a continuation class of this suffix, on the suffixed form.
      for (const cf of rule.cont) {
        const cls2 = aff.suffixes.get(cf);
        if (!cls2) continue;
        for (const rule2 of cls2.rules) {
          const form2 = applySuffix(rule2, form);
          if (form2 !== null && !blocked(rule2.cont)) emit(form2, 2);
        }
      }
    }
  }
  // A suffix that names a prefix class as its continuation allows that prefix on the suffixed form.
  for (const s of suffixed) {
    for (const cf of s.rule.cont) {
      const pcls = aff.prefixes.get(cf);
      if (!pcls || flags.includes(cf)) continue;
      for (const rule of pcls.rules) {
        const both = applyPrefix(rule, s.form);
        if (both !== null) emit(both, 2);
      }
    }
  }
  for (const f of flags) {
    const cls = aff.prefixes.get(f);
    if (!cls) continue;
    for (const rule of cls.rules) {
      const form = applyPrefix(rule, word);
      if (form === null) continue;
      const circ = isCircumfix(rule.cont);
      if (!blocked(rule.cont) && !circ) emit(form, 1);
      // Cross-product: both classes allow it (circumfixes only together).
      if (cls.cross) {
        for (const s of suffixed) {
          if (!s.cross || circ !== isCircumfix(s.rule.cont)) continue;
          const both = applyPrefix(rule, s.form);
          if (both !== null) emit(both, 2);
        }
      }
      // A prefix's continuation suffixes (allowed on the prefixed form only).
      for (const cf of rule.cont) {
        const cls2 = aff.suffixes.get(cf);
        if (!cls2 || flags.includes(cf)) continue;
        for (const rule2 of cls2.rules) {
          const form2 = applySuffix(rule2, form);
          if (form2 !== null && !blocked(rule2.cont)) emit(form2, 2);
        }
      }
    }
  }
}

function applySuffix(rule: AffixRule, word: string): string | null {
  if (rule.strip && !word.endsWith(rule.strip)) return null;
  if (!conditionHolds(rule, word, 'S')) return null;
  const base = rule.strip ? word.slice(0, word.length - rule.strip.length) : word;
  const form = base + rule.add;
  return form ? form : null;
}

function applyPrefix(rule: AffixRule, word: string): string | null {
  if (rule.strip && !word.startsWith(rule.strip)) return null;
  if (!conditionHolds(rule, word, 'P')) return null;
  const form = rule.add + (rule.strip ? word.slice(rule.strip.length) : word);
  return form ? form : null;
}

export interface DicEntry {
  word: string;
  /** Encoded flags (see AffData). */
  flags: string;
}

/** Every headword line of a .dic file (the first line, the entry count, is skipped). */
export function parseDic(text: string, aff: AffData): DicEntry[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const out: DicEntry[] = [];
  const cache = new Map<string, string>();
  for (let i = /^\s*\d+\s*$/.test(lines[0] ?? '') ? 1 : 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line || line.startsWith('#') || line.startsWith('\t')) continue;
    const e = parseDicLine(line, aff, cache);
    if (e) out.push(e);
  }
  return out;
}
