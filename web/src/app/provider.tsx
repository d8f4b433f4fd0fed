import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { I18nProvider, type I18nProviderProps } from '@cloudscape-design/components/i18n';
import { i18n } from '@/lib/i18n/index.ts';

/**
 * Cloudscape's own texts (table, pagination, modal...) in the UI language: they come in the same
 * per-language file as the app's strings (i18next namespace `cloudscape`, see lib/i18n/index.ts), so
 * only the user's language is loaded, and it is there before the first render.
 */
function CloudscapeI18n({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  const messages = useMemo(() => {
    const bundle = instance.getResourceBundle(language, 'cloudscape') as I18nProviderProps.Messages | undefined;
    return bundle ? [bundle] : [];
  }, [instance, language]);
  return (
    <I18nProvider locale={language} messages={messages}>
      {children}
    </I18nProvider>
  );
}

/** Providers every screen relies on (SWR's settings come with the frames that read through it: lib/swr-defaults.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <CloudscapeI18n>{children}</CloudscapeI18n>
    </I18nextProvider>
  );
}
