// Runs in: renderer. The sign-in pages render on their own (no app frame: the frame loads the learner's library,
// which needs a session). main.tsx picks this root for these paths.
import { lazy, Suspense } from 'react';
import { PASSWORD_CHANGE_PAGE, PUBLIC_PAGES } from '../../../src-shared/contract/accounts';

const PAGES: Record<string, ReturnType<typeof lazy>> = {
  '/login': lazy(() => import('./LoginPage')),
  '/register': lazy(() => import('./RegisterPage')),
  '/password/forgot': lazy(() => import('./ForgotPage')),
  '/password/reset': lazy(() => import('./ResetPage')),
  '/password/recover': lazy(() => import('./RecoverPage')),
  [PASSWORD_CHANGE_PAGE]: lazy(() => import('./ChangePasswordPage')),
};

// The password-change page renders here too: an account with a temporary password cannot load the library.
export const isAuthPath = (path: string) => ([...PUBLIC_PAGES, PASSWORD_CHANGE_PAGE] as readonly string[]).includes(path.replace(/\/$/, '') || '/');

export function AuthRoot({ path }: { path: string }) {
  const Screen = PAGES[path.replace(/\/$/, '')];
  return <Suspense fallback={null}>{Screen ? <Screen /> : null}</Suspense>;
}
