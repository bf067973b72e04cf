// Runs in: the extension's content script. Finding the page's visible text blocks: the text nodes under the nearest
// block-level element, main content (article, main, [role=main]) first, skipping form fields, contenteditable,
// code, scripts, hidden nodes and Lectio's own word panel.
export const PANEL_TAG = 'lectio-panel';

const SKIP = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEXTAREA',
  'INPUT',
  'SELECT',
  'OPTION',
  'CODE',
  'PRE',
  'KBD',
  'SAMP',
  'VAR',
  'SVG',
  'MATH',
  'CANVAS',
  'IFRAME',
  'TEMPLATE',
  'BUTTON',
  PANEL_TAG.toUpperCase(),
]);
const BLOCK = new Set([
  'P',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'TD',
  'TH',
  'DD',
  'DT',
  'BLOCKQUOTE',
  'FIGCAPTION',
  'CAPTION',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'ASIDE',
  'HEADER',
  'FOOTER',
  'NAV',
  'SUMMARY',
  'LABEL',
  'BODY',
  'TR',
  'TABLE',
  'UL',
  'OL',
  'DL',
  'FIGURE',
  'LEGEND',
  'FIELDSET',
  'DETAILS',
]);
const MAIN_SELECTOR = 'article, main, [role="main"]';

export interface Block {
  el: Element;
  nodes: Text[];
  text: string;
  main: boolean;
}

/** An element whose content is never annotated: the kinds above, editable regions and hidden subtrees. */
function skipped(el: Element, hiddenCache: Map<Element, boolean>): boolean {
  if (SKIP.has(el.tagName)) return true;
  if ((el as HTMLElement).isContentEditable) return true;
  if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('hidden')) return true;
  let hidden = hiddenCache.get(el);
  if (hidden === undefined) {
    const style = getComputedStyle(el);
    hidden = style.display === 'none' || style.visibility === 'hidden';
    hiddenCache.set(el, hidden);
  }
  return hidden;
}

/** The blocks under `root` whose text nodes were not seen before (`seen` is updated), main content first. */
export function collectBlocks(root: Node, seen: WeakSet<Text>): Block[] {
  const hiddenCache = new Map<Element, boolean>();
  const byBlock = new Map<Element, Text[]>();
  const doc = root.ownerDocument ?? (root as Document);
  const start = root.nodeType === Node.TEXT_NODE ? root.parentElement : (root as Element);
  if (!start) return [];
  // The root itself may sit inside a skipped element (a node added into a textarea's wrapper, our own panel…).
  for (let a: Element | null = start; a; a = a.parentElement) if (skipped(a, hiddenCache)) return [];
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      n.nodeType === Node.ELEMENT_NODE ? (skipped(n as Element, hiddenCache) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP) : NodeFilter.FILTER_ACCEPT,
  });
  for (let n = walker.currentNode.nodeType === Node.TEXT_NODE ? walker.currentNode : walker.nextNode(); n; n = walker.nextNode()) {
    const t = n as Text;
    if (seen.has(t) || !/\p{L}/u.test(t.data)) continue;
    let b = t.parentElement;
    while (b && !BLOCK.has(b.tagName)) b = b.parentElement;
    if (!b) continue;
    const list = byBlock.get(b);
    if (list) list.push(t);
    else byBlock.set(b, [t]);
  }
  const blocks: Block[] = [];
  for (const [el, nodes] of byBlock) {
    for (const t of nodes) seen.add(t);
    blocks.push({ el, nodes, text: nodes.map((t) => t.data).join(''), main: el.closest(MAIN_SELECTOR) !== null });
  }
  // Main content first, then the rest, each in document order.
  return [...blocks.filter((b) => b.main), ...blocks.filter((b) => !b.main)];
}
