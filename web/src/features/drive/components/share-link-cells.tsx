import { useTranslation } from 'react-i18next';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { ShareLink, ShareLinkState } from '@shared/schemas/share-links.ts';

const indicator: Record<ShareLinkState, StatusIndicatorProps.Type> = {
  active: 'success',
  expired: 'stopped',
  exhausted: 'stopped',
  revoked: 'stopped',
  stopped: 'warning',
};

/** A link's state as a status indicator (the share dialog and the administrators' list). */
export function ShareLinkStateCell({ link }: { link: Pick<ShareLink, 'state'> }) {
  const { t } = useTranslation();
  return (
    // Never broken inside the word ("Activ/e") when the table wraps its lines.
    <span className="share-link-state" data-testid="share-link-state" data-state={link.state} title={link.state === 'stopped' ? t('shares.stateDescriptions.stopped') : undefined}>
      <StatusIndicator type={indicator[link.state]}>{t(`shares.states.${link.state}`)}</StatusIndicator>
    </span>
  );
}

/** Downloads so far, against the limit. */
export function ShareDownloadsCell({ link }: { link: Pick<ShareLink, 'downloads' | 'max_downloads'> }) {
  const { t } = useTranslation();
  return (
    <span data-testid="share-link-downloads">
      {link.max_downloads === 0 ? t('shares.downloadsUnlimited', { count: link.downloads }) : t('shares.downloadsOf', { count: link.downloads, max: link.max_downloads })}
    </span>
  );
}
