// Runs in: any process. Feed lists as OPML 2.0 (export and import), through feedsmith.
import { generateOpml, parseOpml } from 'feedsmith';
import { escapeHtml } from '../html/entities';

export interface OpmlFeed {
  name: string;
  url: string;
  /** Lectio keeps the feed's language (by name) and options in custom attributes so a round trip loses nothing. */
  language?: string;
  options?: string;
}

const EXTRA = ['lectioLanguage', 'lectioOptions'] as const;

export function buildOpml(title: string, feeds: readonly OpmlFeed[]): string {
  // feedsmith refuses a document without outlines; a learner with no feeds still gets a valid (empty) list.
  if (feeds.length === 0) return `<?xml version="1.0" encoding="utf-8"?>\n<opml version="2.0"><head><title>${escapeHtml(title)}</title></head><body/></opml>\n`;
  return generateOpml(
    {
      head: { title },
      body: {
        outlines: feeds.map((f) => ({
          text: f.name,
          title: f.name,
          type: 'rss',
          xmlUrl: f.url,
          ...(f.language ? { lectioLanguage: f.language } : {}),
          ...(f.options ? { lectioOptions: f.options } : {}),
        })),
      },
    } as Parameters<typeof generateOpml>[0],
    { extraOutlineAttributes: EXTRA },
  ) as string;
}

interface Outline {
  text?: string;
  title?: string;
  xmlUrl?: string;
  outlines?: Outline[];
  [key: string]: unknown;
}

/** Every outline with an xmlUrl, nested folders flattened. Throws on a document that is not OPML. */
export function readOpml(xml: string): OpmlFeed[] {
  const doc = parseOpml(xml, { extraOutlineAttributes: EXTRA }) as { body?: { outlines?: Outline[] } };
  const out: OpmlFeed[] = [];
  const walk = (list: Outline[] | undefined) => {
    for (const o of list ?? []) {
      if (typeof o.xmlUrl === 'string' && o.xmlUrl) {
        out.push({
          name: (o.title || o.text || o.xmlUrl).trim(),
          url: o.xmlUrl.trim(),
          language: typeof o.lectioLanguage === 'string' ? o.lectioLanguage : undefined,
          options: typeof o.lectioOptions === 'string' ? o.lectioOptions : undefined,
        });
      }
      walk(o.outlines);
    }
  };
  walk(doc.body?.outlines);
  return out;
}
