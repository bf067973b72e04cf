// Runs in: renderer. Screen for every page route. Each feature adds its lines here (lazy, so the first
// paint stays small). Every pattern in src-shared/contract/pages.ts PAGE_ROUTES must appear (tested).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AppRoute {
  pattern: string;
  component: LazyExoticComponent<ComponentType> | ComponentType;
}

const Planned = lazy(() => import('../features/placeholders/PlannedPage'));

export const ROUTES: AppRoute[] = [
  { pattern: '/', component: lazy(() => import('../features/home/HomePage')) },
  { pattern: '/languages', component: lazy(() => import('../features/languages/LanguagesPage')) },
  { pattern: '/languages/new', component: lazy(() => import('../features/languages/LanguageEditPage')) },
  { pattern: '/languages/:id/edit', component: lazy(() => import('../features/languages/LanguageEditPage')) },
  { pattern: '/settings', component: lazy(() => import('../features/settings/SettingsPage')) },
  // Screens of features still being built answer with an honest "planned" page until their line replaces it.
  { pattern: '/texts', component: Planned },
  { pattern: '/texts/new', component: Planned },
  { pattern: '/texts/:id/edit', component: Planned },
  { pattern: '/read', component: Planned },
  { pattern: '/read/:id', component: Planned },
  { pattern: '/vocabulary', component: Planned },
  { pattern: '/vocabulary/import', component: Planned },
  { pattern: '/word/edit-term', component: Planned },
  { pattern: '/tags', component: Planned },
  { pattern: '/tags/new', component: Planned },
  { pattern: '/tags/text', component: Planned },
  { pattern: '/tags/text/new', component: Planned },
  { pattern: '/review', component: Planned },
  { pattern: '/profile/statistics', component: Planned },
  { pattern: '/books', component: Planned },
  { pattern: '/book/:id', component: Planned },
  { pattern: '/feeds', component: Planned },
  { pattern: '/feeds/new', component: Planned },
  { pattern: '/local-dictionaries', component: Planned },
  { pattern: '/anki', component: Planned },
  { pattern: '/anki/import-deck', component: Planned },
  { pattern: '/vocabulary/apkg/import', component: Planned },
];
