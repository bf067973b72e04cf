// Runs in: renderer. The app frame's navigation. Alt+1..9 jump to the first nine entries.
export interface NavItem {
  to: string;
  label: string;
  /** Name of an icon in components/Icon.tsx. */
  icon: string;
  /** Extra path prefixes that highlight this entry. */
  match?: string[];
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', icon: 'home' },
  { to: '/texts', label: 'Library', icon: 'library', match: ['/texts', '/tags/text'] },
  { to: '/read', label: 'Reader', icon: 'reader', match: ['/read'] },
  { to: '/vocabulary', label: 'Vocabulary', icon: 'vocabulary', match: ['/vocabulary', '/word', '/tags'] },
  { to: '/review', label: 'Review', icon: 'review' },
  { to: '/books', label: 'Books', icon: 'books', match: ['/book'] },
  { to: '/feeds', label: 'Feeds', icon: 'feeds' },
  { to: '/open-library', label: 'Open library', icon: 'books' },
  { to: '/local-dictionaries', label: 'Dictionaries', icon: 'dictionaries' },
  { to: '/anki', label: 'Anki', icon: 'anki' },
  { to: '/profile/statistics', label: 'Statistics', icon: 'statistics' },
  { to: '/languages', label: 'Languages', icon: 'languages' },
  { to: '/settings', label: 'Settings', icon: 'settings' },
];
