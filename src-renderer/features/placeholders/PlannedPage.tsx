// Runs in: renderer. Shown for a screen whose feature is not part of this version yet.
import { EmptyState, Page } from '../../components/Page';
import { Link, useRouter } from '../../lib/router';
import { NAV_ITEMS } from '../../lib/nav';

export default function PlannedPage() {
  const path = useRouter((s) => s.path);
  const item = NAV_ITEMS.find((n) => n.to !== '/' && (path === n.to || (n.match ?? [n.to]).some((m) => path.startsWith(m))));
  const name = item?.label ?? 'This screen';
  return (
    <Page title={name}>
      <EmptyState
        title={`${name} is not available in this version yet`}
        action={
          <Link className="btn btn-primary" to="/">
            Back to Home
          </Link>
        }
      >
        Lectio is growing screen by screen. Everything you create elsewhere is kept and will show up here once it arrives.
      </EmptyState>
    </Page>
  );
}
