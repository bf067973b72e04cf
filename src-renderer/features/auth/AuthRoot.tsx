// Runs in: renderer. The sign-in pages render on their own (no app frame: the frame loads the learner's library,
// which needs a session). main.tsx picks this root for these paths.
import { lazy, Suspense } from 'react';
import { PUBLIC_PAGES } from '../../../src-shared/contract/auth';

const PAGES: Record<string, ReturnType<typeof lazy>> = {
  '/login': lazy(() => import('./LoginPage')),
  '/register': lazy(() => import('./RegisterPage')),
  '/password/forgot': lazy(() => import('./ForgotPage')),
  '/password/reset': lazy(() => import('./ResetPage')),
  '/password/recover': lazy(() => import('./RecoverPage')),
};

export const isAuthPath = (path: string) => (PUBLIC_PAGES as readonly string[]).includes(path.replace(/\/$/, '') || '/');

export function AuthRoot({ path }: { path: string }) {
  const Screen = PAGES[path.replace(/\/$/, '')];
  return <Suspense fallback={null}>{Screen ? <Screen /> : null}</Suspense>;
}
