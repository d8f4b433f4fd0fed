import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { AppLayoutProps } from '@cloudscape-design/components/app-layout';
import type { BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import { setPageTitle, titleFromTrail } from '@/lib/page-title.ts';
import { createStore, useStore, type Store } from '@/lib/store.ts';

/**
 * Pages tell the app shell what to show around them (breadcrumbs, content type) without owning the
 * AppLayout: the shell stays mounted while routes change.
 */
export interface PageLayoutState {
  breadcrumbs: BreadcrumbGroupProps.Item[];
  contentType: AppLayoutProps.ContentType;
  /** The page's split panel (Cloudscape's "split panel" pattern: details of the selection), if it has one. */
  splitPanel?: PageSplitPanel;
}

export interface PageSplitPanel {
  header: string;
  /** Rendered by the app shell inside the AppLayout: memoize it on what it shows. */
  content: ReactNode;
  /** Labels of the panel's own controls, in the page's language. */
  labels: { open: string; close: string; preferences: string; resize: string; position: string; positionBottom: string; positionSide: string; confirm: string; cancel: string };
}

const defaultState: PageLayoutState = { breadcrumbs: [], contentType: 'default' };

const PageLayoutContext = createContext<Store<PageLayoutState> | null>(null);

export function PageLayoutProvider({ store, children }: { store: Store<PageLayoutState>; children: ReactNode }) {
  return <PageLayoutContext.Provider value={store}>{children}</PageLayoutContext.Provider>;
}

export const createPageLayoutStore = (): Store<PageLayoutState> => createStore(defaultState);

export function usePageLayoutState(store: Store<PageLayoutState>): PageLayoutState {
  return useStore(store);
}

/**
 * Sets the tab title of the current page, "<title> - <product>" in the user's language (again on a
 * language change: the caller passes its translated text); undefined while the page does not know it
 * yet (a name still loading). After a navigation the live region announces it and focus goes to the
 * page's h1 (components/a11y.tsx `useRouteFocus`). Pages in the signed-in frame get it from their
 * breadcrumbs (`usePageLayout`); pages of the public frame call it themselves.
 */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const product = t('app.productName');
  const { key } = useLocation();
  useEffect(() => {
    setPageTitle(title, product, key);
  }, [title, product, key]);
}

/**
 * Sets the breadcrumbs (and content type) of the current page, and with them its tab title: the
 * trail read backwards ("Edit - Taro Yamada - Users"); a crumb of '…' or '' (a name still loading)
 * holds the title back until it is known.
 */
export function usePageLayout(breadcrumbs: BreadcrumbGroupProps.Item[], contentType: AppLayoutProps.ContentType = 'default'): void {
  const store = useContext(PageLayoutContext);
  const serialized = JSON.stringify(breadcrumbs);
  usePageTitle(titleFromTrail(breadcrumbs.map((crumb) => crumb.text)));
  useEffect(() => {
    if (!store) return;
    // Keeps the split panel: a page sets it apart (usePageSplitPanel).
    store.set((previous) => ({ ...previous, breadcrumbs: JSON.parse(serialized) as BreadcrumbGroupProps.Item[], contentType }));
  }, [store, serialized, contentType]);
}

/** Shows the page's split panel in the app layout while the page is there (undefined: none). */
export function usePageSplitPanel(panel: PageSplitPanel | undefined): void {
  const store = useContext(PageLayoutContext);
  useEffect(() => {
    if (!store) return;
    store.set((previous) => ({ ...previous, splitPanel: panel }));
  }, [store, panel]);
  useEffect(() => {
    if (!store) return;
    return () => store.set((previous) => ({ ...previous, splitPanel: undefined }));
  }, [store]);
}
