import { createStore } from './store.ts';

/**
 * The current page's title, as the page set it (`usePageTitle` / `usePageLayout` in
 * components/page-layout.tsx), with the router location it was set at: the tab title is
 * "<page> - <product>" ("Users - Common Drive", "ユーザー - 共通ドライブ"), and after a navigation the
 * live region says the page part once the new page has set it (components/a11y.tsx).
 */
export interface PageTitle {
  /** The page's own part ("Invoices - Drive"); undefined until the page knows it. */
  page: string | undefined;
  /** `location.key` of the router location the page set it at. */
  locationKey: string;
  /** The title at the location before (what a navigation changed it from). */
  before: string | undefined;
}

export const pageTitleStore = createStore<PageTitle>({ page: undefined, locationKey: '', before: undefined });

/** Texts that stand for a name still loading: a page that shows one has no title yet. */
const placeholders = new Set(['', '…', '...']);

/** "Edit - Taro Yamada - Users" from the breadcrumb trail Users > Taro Yamada > Edit; undefined while a part is still loading. */
export function titleFromTrail(trail: readonly string[]): string | undefined {
  if (trail.length === 0 || trail.some((text) => placeholders.has(text.trim()))) return undefined;
  return [...trail].reverse().join(' - ');
}

export function setPageTitle(page: string | undefined, product: string, locationKey: string): void {
  document.title = page ? `${page} - ${product}` : product;
  pageTitleStore.set((current) => ({ page, locationKey, before: current.locationKey === locationKey ? current.before : current.page }));
}
