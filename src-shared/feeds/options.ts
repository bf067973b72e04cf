// Runs in: any process. A feed's options, stored in news_feeds.NfOptions in LWT's comma format
// ("edit_text=1,autoupdate=2h,max_links=100,max_texts=20,charset=koi8-r,tag=news,article_source=page"), so feeds
// migrated from LWT keep theirs. Unknown keys are kept untouched on a round trip.
export type AutoupdateUnit = 'h' | 'd' | 'w';

export interface FeedOptions {
  /** Review each article's text in the editor before it becomes a text. */
  edit_text: boolean;
  /** Refresh every n hours/days/weeks while the app runs; null = only by hand. */
  autoupdate: { n: number; unit: AutoupdateUnit } | null;
  /** Articles kept per feed (oldest beyond it are dropped on refresh); null = all. */
  max_links: number | null;
  /** Texts created per import; null = no limit. */
  max_texts: number | null;
  /** Charset forced for the feed and its pages ('' = detect). */
  charset: string;
  /** Text tag given to imported texts ('' = none). */
  tag: string;
  /** Where an article's text comes from: the feed's full content when present (auto), always the feed, or always the linked page. */
  article_source: 'auto' | 'feed' | 'page';
  /** Keys this version does not know, kept as they were. */
  extra: Record<string, string>;
}

export const DEFAULT_FEED_OPTIONS: FeedOptions = {
  edit_text: false,
  autoupdate: null,
  max_links: null,
  max_texts: null,
  charset: '',
  tag: '',
  article_source: 'auto',
  extra: {},
};

const UNIT_MS: Record<AutoupdateUnit, number> = { h: 3_600_000, d: 86_400_000, w: 604_800_000 };

export const autoupdateMs = (a: FeedOptions['autoupdate']): number | null => (a ? a.n * UNIT_MS[a.unit] : null);

const posInt = (v: string): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function parseFeedOptions(raw: string | null | undefined): FeedOptions {
  const out: FeedOptions = { ...DEFAULT_FEED_OPTIONS, extra: {} };
  for (const part of (raw ?? '').split(',')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 'edit_text') out.edit_text = value === '1' || value === 'true';
    else if (key === 'autoupdate') {
      const m = /^(\d+)\s*([hdw])$/i.exec(value);
      out.autoupdate = m && Number(m[1]) > 0 ? { n: Number(m[1]), unit: m[2].toLowerCase() as AutoupdateUnit } : null;
    } else if (key === 'max_links') out.max_links = posInt(value);
    else if (key === 'max_texts') out.max_texts = posInt(value);
    else if (key === 'charset') out.charset = value;
    else if (key === 'tag') out.tag = value;
    else if (key === 'article_source') out.article_source = value === 'page' ? 'page' : value === 'feed' ? 'feed' : 'auto';
    else out.extra[key] = value;
  }
  return out;
}

const clean = (v: string) => v.replace(/[,=]/g, ' ').trim();

export function formatFeedOptions(o: FeedOptions): string {
  const parts: string[] = [];
  if (o.edit_text) parts.push('edit_text=1');
  if (o.autoupdate) parts.push(`autoupdate=${o.autoupdate.n}${o.autoupdate.unit}`);
  if (o.max_links) parts.push(`max_links=${o.max_links}`);
  if (o.max_texts) parts.push(`max_texts=${o.max_texts}`);
  if (o.charset) parts.push(`charset=${clean(o.charset)}`);
  if (o.tag) parts.push(`tag=${clean(o.tag)}`);
  if (o.article_source !== 'auto') parts.push(`article_source=${o.article_source}`);
  for (const [k, v] of Object.entries(o.extra)) parts.push(`${clean(k)}=${clean(v)}`);
  return parts.join(',');
}
