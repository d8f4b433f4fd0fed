import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ReadField, ReadFieldName, RegistryAnswer } from '@shared/schemas/read-fields.ts';
import { formatCalendarDate, type DisplayLanguage } from '@/lib/format.ts';
import { TextStatus } from './text-status.tsx';
import { confidencePercent, readValueText, UNSURE_BELOW, type FieldOffer } from '../../utils/read-fields.ts';

/** Where a value was read: the line of text as read, and how sure the reading was. */
function SourceDetails({ read }: { read: ReadField }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="xxs">
      <Box variant="code" data-testid="read-source">
        {read.source}
      </Box>
      <Box variant="small" color="text-body-secondary">
        {t('readFields.suggestion.confidence', { percent: confidencePercent(read.confidence) })}
      </Box>
    </SpaceBetween>
  );
}

/** The value (or status) whose popover says where it was read. */
function WithSource({ read, children }: { read: ReadField; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Popover triggerType="text" size="medium" position="top" header={t('readFields.suggestion.sourceTitle')} content={<SourceDetails read={read} />} dismissButton={false}>
      {children}
    </Popover>
  );
}

/**
 * What the reading offers one field, under its control: "Read from the document: 01/04/2024 · Use"
 * (the line it came from and the confidence in the value's popover, "unsure" when it is low), that
 * the field holds the value taken or read, or why the field is offered empty.
 */
export function ReadSuggestion({
  field,
  label,
  offer,
  onUse,
}: {
  field: ReadFieldName;
  /** The field's label, for the Use button's accessible name. */
  label: string;
  offer: FieldOffer | undefined;
  onUse: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language: DisplayLanguage = i18n.language === 'ja' ? 'ja' : 'en';
  if (!offer) return null;
  const testIds = { 'data-testid': `read-suggestion-${field}`, 'data-kind': offer.kind };
  switch (offer.kind) {
    case 'offer': {
      const shown = readValueText(field, offer.value, language);
      return (
        <div className="read-suggestion" {...testIds}>
          <Box variant="small" color="text-body-secondary">
            {t('readFields.suggestion.read')}{' '}
          </Box>
          <Box variant="small" fontWeight="bold">
            <WithSource read={offer.read}>
              <span data-testid={`read-value-${field}`}>{shown}</span>
            </WithSource>
          </Box>
          {offer.read.confidence < UNSURE_BELOW && (
            <Box variant="small" color="text-status-warning">
              {t('readFields.suggestion.unsure')}
            </Box>
          )}
          <Button
            variant="inline-link"
            formAction="none"
            onClick={onUse}
            ariaLabel={t('readFields.suggestion.useLabel', { field: label, value: shown })}
            nativeButtonAttributes={{ 'data-testid': `read-use-${field}` }}
          >
            {t('readFields.suggestion.use')}
          </Button>
        </div>
      );
    }
    case 'taken':
    case 'matches':
      return (
        <div className="read-suggestion" {...testIds}>
          <Box variant="small">
            <WithSource read={offer.read}>
              <StatusIndicator type={offer.kind === 'taken' ? 'success' : 'info'}>{t(`readFields.suggestion.${offer.kind}`)}</StatusIndicator>
            </WithSource>
          </Box>
        </div>
      );
    case 'problem':
      return (
        <div {...testIds} data-problem={offer.problem}>
          <TextStatus small icon="warning">
            {t(`readFields.problems.${offer.problem}`)}
          </TextStatus>
          {offer.read.source && (
            <Box variant="small" color="text-body-secondary" display="block">
              {t('readFields.problems.source', { source: offer.read.source })}
            </Box>
          )}
        </div>
      );
  }
}

/** The National Tax Agency's answer for the registration number read, beside the trading partner. */
export function RegistryAnswerLine({ answer }: { answer: RegistryAnswer }) {
  const { t, i18n } = useTranslation();
  const date = formatCalendarDate(answer.on, i18n.language === 'ja' ? 'ja' : 'en');
  const text =
    answer.status === 'registered'
      ? answer.name
        ? t('readFields.registry.registered', { name: answer.name, date })
        : t('readFields.registry.registeredNoName', { date })
      : answer.status === 'not_registered'
        ? t('readFields.registry.not_registered', { date })
        : t('readFields.registry.not_checked');
  const icon = answer.status === 'registered' ? 'success' : answer.status === 'not_registered' ? 'warning' : 'stopped';
  return (
    <div data-testid="read-registry" data-status={answer.status}>
      <TextStatus small icon={icon}>
        {text}
      </TextStatus>
    </div>
  );
}
