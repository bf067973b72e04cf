// Runs in: renderer. Screen for every page route. Each feature adds its lines here (lazy, so the first
// paint stays small). Every pattern in src-shared/contract/pages.ts PAGE_ROUTES must appear (tested).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ReaderPageRoute } from '../features/reader/prefetch';

export interface AppRoute {
  pattern: string;
  component: LazyExoticComponent<ComponentType> | ComponentType;
}

export const ROUTES: AppRoute[] = [
  { pattern: '/', component: lazy(() => import('../features/home/HomePage')) },
  { pattern: '/languages', component: lazy(() => import('../features/languages/LanguagesPage')) },
  { pattern: '/languages/new', component: lazy(() => import('../features/languages/LanguageEditPage')) },
  { pattern: '/languages/:id/edit', component: lazy(() => import('../features/languages/LanguageEditPage')) },
  { pattern: '/settings', component: lazy(() => import('../features/settings/SettingsPage')) },
  { pattern: '/settings/backup', component: lazy(() => import('../features/backup/BackupPage')) },
  { pattern: '/import', component: lazy(() => import('../features/migrate/MoveInPage')) },
  { pattern: '/texts', component: lazy(() => import('../features/texts/LibraryPage')) },
  { pattern: '/texts/new', component: lazy(() => import('../features/texts/TextEditPage')) },
  { pattern: '/texts/new/audio', component: lazy(() => import('../features/listening/FromAudioPage')) },
  { pattern: '/texts/new/video', component: lazy(() => import('../features/listening/FromVideoPage')) },
  { pattern: '/texts/new/subtitles', component: lazy(() => import('../features/listening/SubtitlesImportPage')) },
  { pattern: '/texts/:id/edit', component: lazy(() => import('../features/texts/TextEditPage')) },
  { pattern: '/read', component: lazy(() => import('../features/texts/ContinueReadingPage')) },
  { pattern: '/read/:id', component: ReaderPageRoute },
  { pattern: '/vocabulary', component: lazy(() => import('../features/terms/VocabularyPage')) },
  { pattern: '/vocabulary/import', component: lazy(() => import('../features/terms/ImportPage')) },
  { pattern: '/word/edit-term', component: lazy(() => import('../features/terms/TermEditPage')) },
  { pattern: '/tags', component: lazy(() => import('../features/tags/TagsPage')) },
  { pattern: '/tags/new', component: lazy(() => import('../features/tags/TagNewPage')) },
  { pattern: '/tags/text', component: lazy(() => import('../features/texts/TextTagsPage')) },
  { pattern: '/tags/text/new', component: lazy(() => import('../features/texts/TextTagNewPage')) },
  { pattern: '/review', component: lazy(() => import('../features/review/ReviewPage')) },
  { pattern: '/profile/statistics', component: lazy(() => import('../features/statistics/StatisticsPage')) },
  { pattern: '/books', component: lazy(() => import('../features/books/BooksPage')) },
  { pattern: '/book/import', component: lazy(() => import('../features/books/BookImportPage')) },
  { pattern: '/book/:id', component: lazy(() => import('../features/books/BookPage')) },
  { pattern: '/feeds', component: lazy(() => import('../features/feeds/FeedsPage')) },
  { pattern: '/feeds/new', component: lazy(() => import('../features/feeds/FeedWizardPage')) },
  { pattern: '/open-library', component: lazy(() => import('../features/library/OpenLibraryPage')) },
  { pattern: '/local-dictionaries', component: lazy(() => import('../features/dictionaries/DictionariesPage')) },
  { pattern: '/next-words', component: lazy(() => import('../features/next-words/NextWordsPage')) },
  { pattern: '/anki', component: lazy(() => import('../features/anki/AnkiPage')) },
  { pattern: '/anki/import-deck', component: lazy(() => import('../features/anki/DeckImportPage')) },
  { pattern: '/vocabulary/apkg/import', component: lazy(() => import('../features/anki/ReimportPage')) },
  // Accounts (issue 14).
  { pattern: '/login', component: lazy(() => import('../features/accounts/LoginPage')) },
  { pattern: '/register', component: lazy(() => import('../features/accounts/RegisterPage')) },
  { pattern: '/password/forgot', component: lazy(() => import('../features/accounts/ForgotPage')) },
  { pattern: '/password/reset', component: lazy(() => import('../features/accounts/ResetPage')) },
  { pattern: '/password/recover', component: lazy(() => import('../features/accounts/RecoverPage')) },
  { pattern: '/password/change', component: lazy(() => import('../features/accounts/ChangePasswordPage')) },
  { pattern: '/profile', component: lazy(() => import('../features/accounts/ProfilePage')) },
  { pattern: '/admin/users', component: lazy(() => import('../features/accounts/AdminUsersPage')) },
  { pattern: '/admin/server', component: lazy(() => import('../features/accounts/ServerDataPage')) },
];
