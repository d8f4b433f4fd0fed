import '@cloudscape-design/global-styles/index.css';
import './styles.css';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { applyVisualMode } from '@/lib/visual-mode.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

applyVisualMode();

function App() {
  const [router] = useState(createAppRouter);
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
