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
    store.set({ breadcrumbs: JSON.parse(serialized) as BreadcrumbGroupProps.Item[], contentType });
  }, [store, serialized, contentType]);
}
