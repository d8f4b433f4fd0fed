import './csp.ts';
import '@cloudscape-design/global-styles/index.css';
import './styles.css';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { LoadingOverlay } from '@/components/loading-overlay.tsx';
import { hasStrings, i18nReady } from '@/lib/i18n/index.ts';
import { applyVisualMode } from '@/lib/visual-mode.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

applyVisualMode();

// Created at once, so the first route's code loads while the UI strings do.
const router = createAppRouter();

/** The strings of the user's language arrive as a file: until then the overlay, never a raw key. */
let stringsLoaded = false;
const listeners = new Set<() => void>();
void i18nReady.then(() => {
  stringsLoaded = true;
  for (const listener of listeners) listener();
});
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function App() {
  const loaded = useSyncExternalStore(subscribe, () => stringsLoaded);
  if (!loaded) return <LoadingOverlay active />;
  if (!hasStrings()) {
    return (
      <p role="alert" style={{ padding: 40, textAlign: 'center' }}>
        The page could not be loaded. Check the connection and reload. / ページを読み込めませんでした。接続を確認して再読み込みしてください。
      </p>
    );
  }
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
