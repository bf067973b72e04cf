// Runs in: renderer. A small history router: the page routes of src-shared/contract/pages.ts are deep links.
import { createContext, useContext, useEffect, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { create } from 'zustand';

interface RouterState {
  path: string;
  search: string;
  navigate(to: string, opts?: { replace?: boolean }): void;
}

const current = () => ({ path: window.location.pathname, search: window.location.search });

export const useRouter = create<RouterState>((set) => ({
  ...current(),
  navigate(to, opts) {
    if (opts?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    set(current());
    window.scrollTo(0, 0);
  },
}));

window.addEventListener('popstate', () => useRouter.setState(current()));

export const navigate = (to: string, opts?: { replace?: boolean }) => useRouter.getState().navigate(to, opts);

/** Query parameters of the current location. */
export function useQuery(): URLSearchParams {
  const search = useRouter((s) => s.search);
  return new URLSearchParams(search);
}

export const ParamsContext = createContext<Record<string, string>>({});
/** Path parameters of the matched route (e.g. {id} for /read/:id). */
export const useParams = () => useContext(ParamsContext);

export function Link({ to, children, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    rest.onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} {...rest} onClick={onClick}>
      {children}
    </a>
  );
}

/** Sets the window title while a screen is shown. */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Lectio` : 'Lectio';
  }, [title]);
}
