// Runs in: renderer. The app frame's navigation. Alt+1..9 jump to the first nine entries.
import type { MessageKey } from './i18n';

export interface NavItem {
  to: string;
  /** Catalogue key of the entry's name (lib/i18n). */
  label: MessageKey;
  /** Name of an icon in components/Icon.tsx. */
  icon: string;
  /** Extra path prefixes that highlight this entry. */
  match?: string[];
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'nav.home', icon: 'home' },
  { to: '/texts', label: 'nav.library', icon: 'library', match: ['/texts', '/tags/text'] },
  { to: '/read', label: 'nav.reader', icon: 'reader', match: ['/read'] },
  { to: '/vocabulary', label: 'nav.vocabulary', icon: 'vocabulary', match: ['/vocabulary', '/word', '/tags'] },
  { to: '/review', label: 'nav.review', icon: 'review' },
  { to: '/books', label: 'nav.books', icon: 'books', match: ['/book'] },
  { to: '/feeds', label: 'nav.feeds', icon: 'feeds' },
  { to: '/open-library', label: 'nav.openLibrary', icon: 'books' },
  { to: '/local-dictionaries', label: 'nav.dictionaries', icon: 'dictionaries' },
  { to: '/anki', label: 'nav.anki', icon: 'anki', match: ['/anki', '/vocabulary/apkg'] },
  { to: '/next-words', label: 'nav.nextWords', icon: 'vocabulary' },
  { to: '/profile/statistics', label: 'nav.statistics', icon: 'statistics' },
  { to: '/languages', label: 'nav.languages', icon: 'languages' },
  { to: '/settings', label: 'nav.settings', icon: 'settings' },
];

/**
 * The entry to highlight for a path: the one with the longest matching prefix, so a page under another entry's
 * folder (the Anki re-import at /vocabulary/apkg/import) lights up its own entry only, not Vocabulary too.
 */
export function activeNavItem(path: string, items: readonly NavItem[] = NAV_ITEMS): NavItem | undefined {
  let best: NavItem | undefined;
  let bestLength = -1;
  for (const item of items) {
    if (item.to === '/') {
      if (path === '/') return item;
      continue;
    }
    for (const m of item.match ?? [item.to]) {
      if ((path === m || path.startsWith(m + '/')) && m.length > bestLength) {
        best = item;
        bestLength = m.length;
      }
    }
  }
  return best;
}
