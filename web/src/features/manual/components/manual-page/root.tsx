import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextContent from '@cloudscape-design/components/text-content';
import { manualEditions, type ManualSection } from '@shared/manual/index.ts';
import type { ManualEdition } from '@shared/manual/index.ts';
import { usePageLayout } from '@/components/page-layout.tsx';
import { formatBytes } from '@/lib/format.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { readStoredUser } from '@/lib/session.ts';
import { downloadManual } from '../../api/download-manual.ts';
import { useManualInfo } from '../../api/get-manual-info.ts';

function Section({ edition, section }: { edition: ManualEdition; section: ManualSection }) {
  return (
    <section id={section.id} className="manual-section" data-testid={`manual-section-${section.id}`}>
      <Container
        header={
          <Header variant="h2" info={section.audience === 'admin' ? <Badge color="blue">{edition.labels.forAdministrators}</Badge> : undefined}>
            {section.title}
          </Header>
        }
      >
        <TextContent>
          {section.paragraphs.map((text) => <p key={text}>{text}</p>)}
          {section.steps && <ol>{section.steps.map((text) => <li key={text}>{text}</li>)}</ol>}
          {section.points && <ul>{section.points.map((text) => <li key={text}>{text}</li>)}</ul>}
        </TextContent>
      </Container>
    </section>
  );
}

/**
 * The user manual (/manual; docs/home.md "Manual"): the edition of the UI language, from the same
 * text as the downloadable document (shared/manual/). Prints without the frame (styles.css hides
 * the navigation in print); administration sections are shown to administrators only on screen.
 */
export default function ManualPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const edition = manualEditions[language];
  // The signed-in frame has read the user (get_login_user_info) before any page shows.
  const admin = readStoredUser()?.rights.admin === 1;
  const { data: info } = useManualInfo();
  const [downloading, setDownloading] = useState(false);
  const location = useLocation();
  usePageLayout([{ text: t('pages.manual'), href: '/manual' }]);
  // Printing leaves out the frame's buttons and breadcrumbs (styles.css), as the e-bookkeeping history does.
  useEffect(() => {
    document.body.classList.add('print-manual');
    return () => document.body.classList.remove('print-manual');
  }, []);

  const sections = edition.sections.filter((section) => section.audience === 'all' || admin);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadManual(language);
      notify({ id: newNotificationId('manual'), type: 'success', content: t('home.manual.downloaded'), dismissLabel: t('common.close') }, 6000);
    } catch {
      // the error modal has told the user
    } finally {
      setDownloading(false);
    }
  };
  const thisEdition = info?.editions.find((entry) => entry.language === language);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`${edition.labels.updated}: ${edition.updated}`}
          actions={
            <SpaceBetween size="xs" direction="horizontal">
              <Button iconName="file" onClick={() => window.print()} data-testid="manual-print">
                {t('home.manual.print')}
              </Button>
              <Button iconName="download" loading={downloading} onClick={() => void download()} data-testid="manual-download">
                {t('home.manual.download', { language: t(`languages.${language}`) })}
              </Button>
            </SpaceBetween>
          }
        >
          {edition.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container data-testid="manual-intro">
          <SpaceBetween size="m">
            <TextContent>
              <p>{edition.intro}</p>
            </TextContent>
            <nav aria-label={edition.labels.contents} className="no-print">
              <Box variant="h3">{edition.labels.contents}</Box>
              <TextContent>
                <ol>
                  {sections.map((section) => (
                    <li key={section.id}>
                      <a href={`${location.pathname}#${section.id}`}>{section.title}</a>
                    </li>
                  ))}
                </ol>
              </TextContent>
            </nav>
            {thisEdition && (
              <Box variant="small" color="text-body-secondary" data-testid="manual-edition">
                {t('home.manual.edition', { language: t(`languages.${language}`), title: thisEdition.title, updated: thisEdition.updated, size: formatBytes(thisEdition.size) })}
              </Box>
            )}
          </SpaceBetween>
        </Container>
        {sections.map((section) => <Section key={section.id} edition={edition} section={section} />)}
      </SpaceBetween>
    </ContentLayout>
  );
}
