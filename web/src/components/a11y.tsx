import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation, type Location } from 'react-router';
import { announce, useAnnouncement } from '@/lib/announcer.ts';
import { pageTitleStore } from '@/lib/page-title.ts';

/**
 * What axe cannot see (docs/architecture.md "Accessibility"): the skip link, the live region, and
 * focus on the page heading after a navigation. All three are mounted once, by the root layout, so
 * both frames (signed in and public) and every page have them without doing anything.
 */

// A navigation the user asked for (a key or a click since the page loaded) moves focus; the first
// load and the redirects it makes (/ -> /storage, /login?next=…) leave it where the browser put it.
let userActed = false;
if (typeof window !== 'undefined') {
  const acted = () => {
    userActed = true;
    window.removeEventListener('keydown', acted, true);
    window.removeEventListener('pointerdown', acted, true);
  };
  window.addEventListener('keydown', acted, true);
  window.addEventListener('pointerdown', acted, true);
}

/** The page's main landmark: Cloudscape's AppLayout's `<main>` in the signed-in frame, the public layout's otherwise. */
const mainElement = (): HTMLElement | null => document.querySelector('main');
const pageHeading = (): HTMLElement | null => mainElement()?.querySelector('h1') ?? null;

/** Focuses an element that is not focusable by itself (a heading, the main landmark), without adding it to the Tab order. */
function focusElement(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

/** "Skip to main content": the first focusable element of every frame, visible once focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href="#main"
      data-testid="skip-link"
      onClick={(event) => {
        // Not a hash navigation (the router would take it for one): focus the page's heading, or the main landmark.
        event.preventDefault();
        const target = pageHeading() ?? mainElement();
        if (target) focusElement(target);
      }}
    >
      {t('app.skipToMain')}
    </a>
  );
}

/**
 * The polite live region: flash messages as they appear (lib/notifications.ts) and the new page's
 * title after a navigation. Visually hidden; each announcement replaces the text (keyed, so the same
 * words said again are said again). The region sits in a closed shadow root: screen readers hear it,
 * but a page's text search (a test's getByText of a flash message) does not find it twice; the host
 * carries the words said last in `data-announcement` for the tests.
 */
export function LiveRegion() {
  const announcement = useAnnouncement();
  const host = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLDivElement>(null);
  const [shadow, setShadow] = useState<ShadowRoot | null>(null);
  useEffect(() => {
    if (host.current && !shadow) setShadow(host.current.shadowRoot ?? host.current.attachShadow({ mode: 'closed' }));
  }, [shadow]);
  useEffect(() => {
    host.current?.setAttribute('data-announcement', region.current?.textContent ?? '');
  });
  return (
    <div ref={host} className="visually-hidden" data-testid="live-region">
      {shadow &&
        createPortal(
          <div ref={region} role="status" aria-live="polite" aria-atomic="true">
            {announcement && <span key={announcement.seq}>{announcement.message}</span>}
          </div>,
          shadow,
        )}
    </div>
  );
}

const focusLost = (): boolean => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * After a navigation the user made: a new page (another path) gets focus on its h1 and its title
 * announced; the same page with other query values (a folder opened in the drive) only when that
 * lost the focus (the link pressed is gone) and the title changed. It waits for the heading and the
 * title as the page renders them (lazy chunks, data), and stops at the next navigation.
 */
export function useRouteFocus(): void {
  const location = useLocation();
  const previous = useRef<Location | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (!before || !userActed) return;
    const pathChanged = before.pathname !== location.pathname;
    if (!pathChanged && before.search === location.search) return;
    // The page may have set its title for this location already (its effects run before this one).
    const stored = pageTitleStore.get();
    const titleBefore = stored.locationKey === location.key ? stored.before : stored.page;
    let focused = false;
    let titled = false;
    let done = false;
    const check = () => {
      if (done) return;
      const title = pageTitleStore.get();
      const titleKnown = title.locationKey === location.key && title.page !== undefined;
      const heading = pageHeading();
      if (!focused && heading && (pathChanged || (focusLost() && (!titleKnown || title.page !== titleBefore)))) {
        focusElement(heading);
        focused = true;
      }
      if (!titled && titleKnown) {
        titled = true;
        if (pathChanged || title.page !== titleBefore) announce(title.page);
      }
      // The same page (new query values): once its title is known the page has rendered; focus stays where it is.
      if (titled && (focused || !pathChanged)) stop();
    };
    const observer = new MutationObserver(check);
    const unsubscribe = pageTitleStore.subscribe(check);
    const stop = () => {
      done = true;
      observer.disconnect();
      unsubscribe();
    };
    observer.observe(document.body, { childList: true, subtree: true });
    check();
    return stop;
  }, [location]);
}
