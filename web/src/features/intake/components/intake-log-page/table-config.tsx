import type { TFunction } from 'i18next';
import { MAIL_FILES_MAX } from '@shared/schemas/mail-intake.ts';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatBytes, formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { IntakeLogEntry } from '../../api/list-intake-log.ts';
import { addressOf, reasonKey, verdictOf, verdictType } from '../../utils/intake-log.ts';

export const INTAKE_LOG_HREF = '/intake-log';
export const PAGE_SIZE_KEY = 'intake-log.page_size';

const outcomeType: Record<IntakeLogEntry['outcome'], StatusIndicatorProps.Type> = { registered: 'success', refused: 'error', duplicate: 'info' };

/** The outcome, and beneath it the reason in words. */
function OutcomeCell({ entry, t }: { entry: IntakeLogEntry; t: TFunction }) {
  const reason = reasonKey(entry);
  return (
    <SpaceBetween size="xxs">
      <span className="share-link-state" data-testid="intake-outcome" data-outcome={entry.outcome}>
        <StatusIndicator type={outcomeType[entry.outcome]}>{t(`intake.log.outcomes.${entry.outcome}`)}</StatusIndicator>
      </span>
      {reason && (
        <Box variant="small" color="text-body-secondary" data-testid="intake-reason">
          {t(reason, { max: MAIL_FILES_MAX })}
        </Box>
      )}
    </SpaceBetween>
  );
}

/** SPF, DKIM and DMARC as SES judged them. */
function ChecksCell({ entry, t }: { entry: IntakeLogEntry; t: TFunction }) {
  const checks = [
    ['SPF', entry.spf],
    ['DKIM', entry.dkim],
    ['DMARC', entry.dmarc],
  ] as const;
  return (
    <span data-testid="intake-checks" aria-label={t('intake.log.checks', { spf: verdictOf(entry.spf), dkim: verdictOf(entry.dkim), dmarc: verdictOf(entry.dmarc) })}>
      <SpaceBetween size="xxs">
        {checks.map(([name, verdict]) => (
          // Never broken inside a word ("DKI/M pa/ss") when the table wraps its lines.
          <span key={name} className="share-link-state">
            <StatusIndicator type={verdictType(verdict)} colorOverride={verdictType(verdict) === 'info' ? 'grey' : undefined}>
              {name} {verdictOf(verdict)}
            </StatusIndicator>
          </span>
        ))}
      </SpaceBetween>
    </span>
  );
}

/** The files the mail made, each with its size and note ("not readable": a password-protected ZIP; "mail": the kept .eml). */
function FilesCell({ entry, t }: { entry: IntakeLogEntry; t: TFunction }) {
  if (entry.files.length === 0) return <Box color="text-body-secondary">{t('intake.log.noFiles')}</Box>;
  return (
    <SpaceBetween size="xxs">
      {entry.files.map((file, index) => (
        <div key={file.id ?? `${file.name}-${index}`} data-testid="intake-file" data-note={file.note ?? ''}>
          {file.name} ({formatBytes(file.size)})
          {file.note && (
            <>
              {' '}
              <Box variant="span" color={file.note === 'not_readable' ? 'text-status-warning' : 'text-body-secondary'}>
                [{file.note === 'not_readable' ? t('intake.log.notReadable') : t('intake.log.mail')}]
              </Box>
            </>
          )}
        </div>
      ))}
    </SpaceBetween>
  );
}

/** Columns of the intake log (newest first: no sorting). */
export function intakeLogColumns(t: TFunction, language: DisplayLanguage, addresses: ReadonlyMap<string, string>): TableProps.ColumnDefinition<IntakeLogEntry>[] {
  return [
    {
      id: 'received',
      header: t('intake.log.columnReceived'),
      minWidth: 140,
      cell: (entry) => (
        <span className="date-time-cell" data-testid="intake-row" data-entry-id={entry.entry_id}>
          {formatDateTime(entry.received_at, language)}
        </span>
      ),
    },
    {
      // Sender and address in one column: the addresses are long, and the files and verdicts should fit beside them.
      id: 'from',
      header: t('intake.log.columnFrom'),
      minWidth: 180,
      maxWidth: 240,
      cell: (entry) => (
        <SpaceBetween size="xxs">
          <span>{entry.from}</span>
          <Box variant="small" color="text-body-secondary">
            {t('intake.log.to', { address: addressOf(entry, addresses) ?? t('intake.log.addressGone') })}
          </Box>
        </SpaceBetween>
      ),
    },
    { id: 'subject', header: t('intake.log.columnSubject'), isRowHeader: true, minWidth: 140, cell: (entry) => entry.subject || t('intake.log.noSubject') },
    { id: 'outcome', header: t('intake.log.columnOutcome'), minWidth: 160, cell: (entry) => <OutcomeCell entry={entry} t={t} /> },
    { id: 'files', header: t('intake.log.columnFiles'), minWidth: 180, cell: (entry) => <FilesCell entry={entry} t={t} /> },
    { id: 'checks', header: t('intake.log.columnChecks'), minWidth: 140, cell: (entry) => <ChecksCell entry={entry} t={t} /> },
  ];
}
