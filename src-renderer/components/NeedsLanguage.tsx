// Runs in: renderer. Screens that work on a language (New text, Vocabulary, Review, Anki) say so, with a button
// to add one, instead of showing an empty "Choose…" list (issue 20). Also the not-found page.
import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { EmptyState, Page } from './Page';
import { t, type MessageKey } from '../lib/i18n';
import { tr } from '../lib/i18n/rich';

/** Path prefixes of the screens that need at least one language. */
export const NEEDS_LANGUAGE: readonly { prefix: string; title: MessageKey; why: MessageKey }[] = [
  { prefix: '/texts/new', title: 'needsLanguage.newTextTitle', why: 'needsLanguage.newText' },
  { prefix: '/vocabulary', title: 'nav.vocabulary', why: 'needsLanguage.vocabulary' },
  { prefix: '/review', title: 'nav.review', why: 'needsLanguage.review' },
  { prefix: '/anki', title: 'nav.anki', why: 'needsLanguage.anki' },
];

export const needsLanguage = (path: string) => NEEDS_LANGUAGE.find((n) => path === n.prefix || path.startsWith(`${n.prefix}/`)) ?? null;

/** The one empty state of a screen with no language to work on: what the screen needs it for, and a button to add one. */
export function NoLanguageYet({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <EmptyState
      title={title ?? t('needsLanguage.noLanguagesYet')}
      action={
        <Link className="btn btn-primary" to="/languages/new">
          {t('needsLanguage.add')}
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}

/** `title` and `why` are catalogue keys. */
export function NeedsLanguagePage({ title, why }: { title: MessageKey; why: MessageKey }) {
  return (
    <Page title={t(title)}>
      <NoLanguageYet title={t('needsLanguage.title')}>{t(why)}</NoLanguageYet>
    </Page>
  );
}

export function NotFoundPage({ path }: { path: string }) {
  return (
    <Page title={t('notFound.title')}>
      <EmptyState
        title={t('notFound.heading')}
        action={
          <div style={{ display: 'flex', gap: 8, justifyContent: 'center' }}>
            <button className="btn" onClick={() => window.history.back()}>
              {t('notFound.back')}
            </button>
            <Link className="btn btn-primary" to="/">
              {t('notFound.home')}
            </Link>
          </div>
        }
      >
        {tr('notFound.body', { path: <code>{path}</code> })}
      </EmptyState>
    </Page>
  );
}
