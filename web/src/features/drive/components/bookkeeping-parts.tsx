import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Popover from '@cloudscape-design/components/popover';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { BOOKKEEPING_REASON_MAX } from '@shared/schemas/bookkeeping-fields.ts';
import type { PaperSize, ScannerCheckResult, ScannerGrade } from '@shared/schemas/bookkeeping-fields.ts';
import { scannerCheckTexts } from '../utils/bookkeeping.ts';

/**
 * The reason a correction or deletion of a bookkeeping document needs (通達 10-2): a required
 * textarea whose message comes from the catalogue. `testId` names the textarea.
 */
export function ReasonField({
  kind,
  value,
  onChange,
  errorText,
  testId,
  description,
}: {
  kind: 'correction' | 'deletion';
  value: string;
  onChange: (value: string) => void;
  errorText?: string | undefined;
  testId: string;
  description?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      label={t(`bookkeeping.reason.${kind}`)}
      description={description}
      constraintText={t('bookkeeping.reason.constraint', { max: BOOKKEEPING_REASON_MAX })}
      errorText={errorText}
      controlId={testId}
      data-testid={`${testId}-field`}
    >
      <Textarea
        value={value}
        rows={2}
        invalid={!!errorText}
        placeholder={t('bookkeeping.reason.placeholder')}
        onChange={({ detail }) => onChange(detail.value)}
        nativeTextareaAttributes={{ 'data-testid': testId, name: 'reason' }}
      />
    </FormField>
  );
}

/** The reason's message when it is missing, or undefined (the schema's trimmed text checks the length). */
export const reasonMissing = (value: string): boolean => value.trim() === '';

const STATUS_TYPES: Record<ScannerCheckResult['status'], StatusIndicatorProps.Type> = {
  compliant: 'success',
  non_compliant: 'error',
  unknown_size: 'warning',
  unreadable: 'error',
};

/**
 * A scanner check's result: compliant or which finding, with the catalogue's messages in a popover
 * (the measured and required figures). `inline` shows the messages under the status instead.
 */
export function ScannerCheckStatus({
  check,
  file,
  inline = false,
  testId,
}: {
  check: Pick<ScannerCheckResult, 'status' | 'findings' | 'dpi' | 'width' | 'height' | 'colour'> | undefined;
  file: { scanner_grade?: ScannerGrade | undefined; paper_size?: PaperSize | undefined };
  inline?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!check) return <StatusIndicator type="pending" data-testid={testId}>{t('bookkeeping.scannerStatus.pending')}</StatusIndicator>;
  const texts = scannerCheckTexts(check, file, t);
  const status = (
    <StatusIndicator type={STATUS_TYPES[check.status]}>{t(`bookkeeping.scannerStatus.${check.status}`)}</StatusIndicator>
  );
  if (inline) {
    return (
      <div data-testid={testId} data-status={check.status}>
        {status}
        {texts.map((text) => (
          <Box key={text} variant="small" color="text-body-secondary" display="block">
            {text}
          </Box>
        ))}
      </div>
    );
  }
  return (
    <span data-testid={testId} data-status={check.status}>
      <Popover dismissButton={false} size="large" triggerType="text" content={texts.map((text) => <Box key={text} variant="p">{text}</Box>)}>
        {status}
      </Popover>
    </span>
  );
}
