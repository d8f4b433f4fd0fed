import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { AppLayoutProps } from '@cloudscape-design/components/app-layout';
import type { BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
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

/** Sets the breadcrumbs (and content type) of the current page. */
export function usePageLayout(breadcrumbs: BreadcrumbGroupProps.Item[], contentType: AppLayoutProps.ContentType = 'default'): void {
  const store = useContext(PageLayoutContext);
  const serialized = JSON.stringify(breadcrumbs);
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
