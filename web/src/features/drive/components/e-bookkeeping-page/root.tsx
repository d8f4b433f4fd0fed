import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { usePageLayout } from '@/components/page-layout.tsx';
import { ExportTab } from './export-tab.tsx';
import { HistoryTab } from './history-tab.tsx';
import { LateTab } from './late-tab.tsx';

export const E_BOOKKEEPING_HREF = '/e-bookkeeping';
const TABS = ['history', 'export', 'late'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/**
 * Electronic bookkeeping for administrators (/e-bookkeeping; docs/e-bookkeeping.md): the correction
 * and deletion history (searchable and printable, 通達 10-2), the tax-office export (ダウンロードの求め)
 * and the scanner-storage files registered after their input deadline, one tab each (?tab=).
 */
export default function EBookkeepingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'history';
  usePageLayout([{ text: t('pages.eBookkeeping'), href: E_BOOKKEEPING_HREF }]);
  // Printing this page prints the history alone: the frame's controls are hidden (styles.css).
  useEffect(() => {
    document.body.classList.add('print-history');
    return () => document.body.classList.remove('print-history');
  }, []);
  return (
    <SpaceBetween size="m">
      <div className="no-print">
        <Header variant="h1" description={t('bookkeeping.page.description')}>
          {t('bookkeeping.page.title')}
        </Header>
      </div>
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setParams(detail.activeTabId === 'history' ? {} : { tab: detail.activeTabId }, { replace: true })}
        data-testid="e-bookkeeping-tabs"
        tabs={[
          { id: 'history', label: t('bookkeeping.page.tabs.history'), content: tab === 'history' ? <HistoryTab /> : null },
          { id: 'export', label: t('bookkeeping.page.tabs.export'), content: tab === 'export' ? <ExportTab /> : null },
          { id: 'late', label: t('bookkeeping.page.tabs.late'), content: tab === 'late' ? <LateTab /> : null },
        ]}
      />
    </SpaceBetween>
  );
}
