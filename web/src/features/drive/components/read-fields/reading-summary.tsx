import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { ReadCheck } from '@shared/schemas/read-fields.ts';
import { TextStatus } from './text-status.tsx';
import type { ReadSuggestions } from './use-read-suggestions.ts';

const CHECK_TYPES: Record<ReadCheck['result'], StatusIndicatorProps.Type> = { ok: 'success', failed: 'warning', not_checked: 'stopped' };

/** The cross-checks run on what was read, each a small status (its result in the icon's label and the tooltip). */
function ReadChecks({ checks }: { checks: readonly ReadCheck[] }) {
  const { t } = useTranslation();
  // The registry's answer is shown beside the trading partner, with the name it gives.
  const shown = checks.filter((check) => check.check !== 'registry');
  if (shown.length === 0) return null;
  return (
    <div className="read-checks" data-testid="read-checks" role="list" aria-label={t('readFields.checks.label')}>
      {shown.map((check) => {
        const result = t(`readFields.checks.results.${check.result}`);
        return (
          <span key={check.check} role="listitem" title={result} data-testid={`read-check-${check.check}`} data-result={check.result}>
            <Box variant="small">
              <StatusIndicator type={CHECK_TYPES[check.result]} iconAriaLabel={result}>
                {t(`readFields.checks.names.${check.check}`)}
              </StatusIndicator>
            </Box>
          </span>
        );
      })}
    </div>
  );
}

/**
 * The reading above the details fields: on its way (a spinner), late, not made (why), or made (how,
 * which pages, whose document) with its checks and "Use all read values", which fills the empty
 * fields the reading has a value for. Nothing for a file whose kind is never read.
 */
export function ReadingSummary({ suggestions, fillable, onUseAll }: { suggestions: ReadSuggestions; fillable: number; onUseAll: () => void }) {
  const { t } = useTranslation();
  const { reading, answered, waiting, timedOut, error } = suggestions;
  const frame = (state: string, body: ReactNode, actions?: ReactNode, description?: string) => (
    <div className="read-summary" data-testid="read-summary" data-state={state}>
      <SpaceBetween size="xs">
        <Header variant="h3" actions={actions} description={description}>
          {t('readFields.summary.title')}
        </Header>
        {body}
      </SpaceBetween>
    </div>
  );
  if (!reading) {
    if (waiting) return frame('reading', <StatusIndicator type="loading">{t('readFields.summary.reading')}</StatusIndicator>);
    if (timedOut) return frame('late', <TextStatus icon="info">{t('readFields.summary.late')}</TextStatus>);
    if (error !== undefined && !answered) return frame('failed', <TextStatus icon="error">{t('readFields.summary.failed')}</TextStatus>);
    return null;
  }
  if (reading.status === 'skipped') {
    return frame('skipped', <TextStatus icon="info">{t(`readFields.skipped.${reading.reason ?? 'unreadable'}`)}</TextStatus>);
  }
  const notes = [
    reading.method ? t(`readFields.summary.methods.${reading.method}`) : undefined,
    reading.pages !== undefined && reading.pages_read !== undefined && reading.pages > reading.pages_read ? t('readFields.summary.pagesRead', { read: reading.pages_read, pages: reading.pages }) : undefined,
    reading.own_document ? t('readFields.summary.ownDocument') : undefined,
  ].filter((note): note is string => !!note);
  const found = Object.values(reading.fields).some((field) => field !== undefined);
  return frame(
    'read',
    <SpaceBetween size="xs">
      {!found && <TextStatus icon="info">{t('readFields.summary.nothingFound')}</TextStatus>}
      <ReadChecks checks={reading.checks} />
    </SpaceBetween>,
    found ? (
      <Button formAction="none" iconName="check" disabled={fillable === 0} disabledReason={t('readFields.summary.useAllDone')} onClick={onUseAll} nativeButtonAttributes={{ 'data-testid': 'read-use-all' }}>
        {t('readFields.summary.useAll')}
      </Button>
    ) : undefined,
    notes.join(' '),
  );
}
