import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SWRConfig } from 'swr';
import { I18nProvider, importMessages } from '@cloudscape-design/components/i18n';
import enMessages from '@cloudscape-design/components/i18n/messages/all.en';
import { i18n } from '@/lib/i18n/index.ts';

type CloudscapeMessages = typeof enMessages;

/** Cloudscape's own texts (table, pagination, modal...) in the UI language: en bundled, others on demand. */
function CloudscapeI18n({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  const [loaded, setLoaded] = useState<{ language: string; messages: CloudscapeMessages[] }>({ language: 'en', messages: [enMessages] });
  useEffect(() => {
    if (language === 'en' || loaded.language === language) return undefined;
    let cancelled = false;
    void importMessages(language).then((messages) => {
      if (!cancelled) setLoaded({ language, messages: messages as CloudscapeMessages[] });
    });
    return () => {
      cancelled = true;
    };
  }, [language, loaded.language]);
  const messages = language === 'en' ? [enMessages] : loaded.language === language ? loaded.messages : [enMessages];
  const locale = language === 'en' || loaded.language !== language ? 'en' : language;
  return (
    <I18nProvider locale={locale} messages={messages}>
      {children}
    </I18nProvider>
  );
}

/** Providers every screen relies on. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <CloudscapeI18n>
        <SWRConfig
          value={{
            // The API client reports failures itself; automatic retries would repeat its error modal.
            shouldRetryOnError: false,
            revalidateOnFocus: false,
            dedupingInterval: 1000,
          }}
        >
          {children}
        </SWRConfig>
      </CloudscapeI18n>
    </I18nextProvider>
  );
}
