// Runs in: renderer. Home: first steps until the dashboard (today's counts, streak, continue reading) arrives.
import { EmptyState, Page } from '../../components/Page';
import { Link } from '../../app/router';
import { useApp } from '../../stores/app';

export default function HomePage() {
  const languages = useApp((s) => s.languages);
  return (
    <Page title="Welcome to Lectio" subtitle="Learn languages by reading what you love.">
      {languages.length === 0 ? (
        <EmptyState title="Start with a language" action={<Link className="btn btn-primary" to="/languages/new">Add a language</Link>}>
          Pick the language you are learning; Lectio sets up how its texts are split into words.
        </EmptyState>
      ) : (
        <EmptyState title="Ready to read" action={<Link className="btn btn-primary" to="/texts/new">Add a text</Link>}>
          You study {languages.map((l) => l.LgName).join(', ')}.
        </EmptyState>
      )}
    </Page>
  );
}
