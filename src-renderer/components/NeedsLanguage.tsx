// Runs in: renderer. Screens that work on a language (New text, Vocabulary, Review, Anki) say so, with a button
// to add one, instead of showing an empty "Choose…" list (issue 20). Also the not-found page.
import { Link } from '../lib/router';
import { EmptyState, Page } from './Page';

/** Path prefixes of the screens that need at least one language. */
export const NEEDS_LANGUAGE: readonly { prefix: string; title: string; why: string }[] = [
  { prefix: '/texts/new', title: 'New text', why: 'A text is read in a language: Lectio splits it into words with that language’s settings.' },
  { prefix: '/vocabulary', title: 'Vocabulary', why: 'Terms belong to a language: add one, then mark words as you read or import a word list.' },
  { prefix: '/review', title: 'Review', why: 'Reviews ask the terms of a language: add one and mark some words first.' },
  { prefix: '/anki', title: 'Anki', why: 'Anki decks are made from and imported into a language’s terms.' },
];

export const needsLanguage = (path: string) => NEEDS_LANGUAGE.find((n) => path === n.prefix || path.startsWith(`${n.prefix}/`)) ?? null;

export function NeedsLanguagePage({ title, why }: { title: string; why: string }) {
  return (
    <Page title={title}>
      <EmptyState
        title="Add a language first"
        action={
          <Link className="btn btn-primary" to="/languages/new">
            Add a language
          </Link>
        }
      >
        {why}
      </EmptyState>
    </Page>
  );
}

export function NotFoundPage({ path }: { path: string }) {
  return (
    <Page title="Page not found">
      <EmptyState
        title="There is no page here"
        action={
          <div style={{ display: 'flex', gap: 8, justifyContent: 'center' }}>
            <button className="btn" onClick={() => window.history.back()}>
              Go back
            </button>
            <Link className="btn btn-primary" to="/">
              Go to Home
            </Link>
          </div>
        }
      >
        Lectio has no page at <code>{path}</code>. The link may be old, or the address mistyped.
      </EmptyState>
    </Page>
  );
}
