// Runs in: renderer. Proposes a CSS selector for an element the learner clicked in the wizard's preview. It
// prefers a selector that will also match the same part of the feed's *other* articles: tag + classes when
// unique on the page, then an id without digits (ids like "story-123" change per article), then a short path.
const IDENT = /^-?[A-Za-z_][\w-]*$/;

function simple(el: Element): string {
  const tag = el.tagName.toLowerCase();
  const classes = Array.from(el.classList)
    .filter((c) => IDENT.test(c) && !c.startsWith('lx-'))
    .slice(0, 3);
  return tag + classes.map((c) => `.${c}`).join('');
}

function count(doc: Document, selector: string): number {
  try {
    return doc.querySelectorAll(selector).length;
  } catch {
    return 0;
  }
}

const stableId = (id: string) => IDENT.test(id) && !/\d/.test(id);

export function proposeSelector(el: Element): string {
  const doc = el.ownerDocument;
  const own = simple(el);
  if (own.includes('.') && count(doc, own) === 1) return own;
  if (el.id && stableId(el.id)) return `#${el.id}`;
  const parts = [own];
  let cur = el.parentElement;
  while (cur && !['body', 'html'].includes(cur.tagName.toLowerCase()) && parts.length < 6) {
    if (cur.id && stableId(cur.id)) {
      parts.unshift(`#${cur.id}`);
      break;
    }
    parts.unshift(simple(cur));
    if (count(doc, parts.join(' > ')) === 1) break;
    cur = cur.parentElement;
  }
  return parts.join(' > ');
}

/** For filters: the element's kind (tag + classes), so the same kind goes away everywhere in the article. */
export function proposeFilter(el: Element): string {
  const own = simple(el);
  if (own.includes('.')) return own;
  if (el.id && stableId(el.id)) return `#${el.id}`;
  return el.parentElement && !['body', 'html'].includes(el.parentElement.tagName.toLowerCase()) ? `${simple(el.parentElement)} > ${own}` : own;
}
