import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatBytes, formatCalendarDate, formatDateTime, formatYen } from '@/lib/format.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import type { DriveTag } from '../../api/search-tags.ts';
import { fileKind } from '../../utils/file-kind.ts';
import { TagList } from './tag-list.tsx';
import { ArrivalDetails } from './arrival-details.tsx';
import { isReceived } from '../../utils/arrival.ts';
import { ScannerCheckStatus } from '../bookkeeping-parts.tsx';
import { isBookkeepingDocument } from '../../utils/bookkeeping.ts';
import { Thumbnail } from '../preview/thumbnail.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { usePropertyItems } from '@/lib/property-items-api.ts';
import { displayValue, itemsInUse } from '@/lib/property-values.ts';

// The activity loads on first use: its code and its call only when its section is opened.
const FileActivity = lazy(() => import('./file-activity.tsx'));

/**
 * The drive page's split panel (Cloudscape's "split panel" pattern): the details of the one
 * selected entry (name, type, size, updated by and at, created, place, tags; a file's document
 * fields, and for a bookkeeping document its invoice number, retention, input deadline and scanner
 * check; a received file's arrival), or what to do when none or several are selected. "Edit details" opens the correction;
 * the Activity section (closed at first) loads the entry's activity when opened.
 */
export function DetailsPanel({
  selected,
  place,
  tags,
  onPreview,
  onEditDetails,
}: {
  selected: DriveItem[];
  place: (item: DriveItem) => string;
  tags: DriveTag[] | undefined;
  onPreview?: (item: DriveItem) => void;
  /** Given when the user may change the file's details. */
  onEditDetails?: ((item: DriveItem) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const propertyItems = usePropertyItems().data?.items;
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const item = selected.length === 1 ? selected[0]! : undefined;
  const [activityOpen, setActivityOpen] = useState(false);
  if (!item) {
    return (
      <Box color="text-body-secondary" data-testid="details-panel-hint">
        {selected.length === 0 ? t('tags.details.noneSelected') : t('tags.details.severalSelected', { count: selected.length })}
      </Box>
    );
  }
  const kind = fileKind(item);
  return (
    <div data-testid="details-panel" data-item-name={item.name}>
      <SpaceBetween size="m">
      {item.type === 'file' && <Thumbnail file={item} onOpen={onPreview ? () => onPreview(item) : undefined} />}
      {onEditDetails && (
        <Button iconName="edit" onClick={() => onEditDetails(item)} nativeButtonAttributes={{ 'data-testid': 'details-edit' }}>
          {t('bookkeeping.edit.action')}
        </Button>
      )}
      <KeyValuePairs
        columns={3}
        items={[
          { label: t('tags.details.name'), value: <span data-testid="details-name">{item.name}</span> },
          { label: t('tags.details.kind'), value: t(`drive.kinds.${kind}`) },
          { label: t('tags.details.size'), value: item.type === 'folder' || item.size === null ? t('common.notAvailable') : formatBytes(item.size) },
          { label: t('tags.details.updated'), value: formatDateTime(item.update_date, language) },
          { label: t('tags.details.updatedBy'), value: item.update_user_id },
          { label: t('tags.details.created'), value: `${formatDateTime(item.regist_date, language)} (${item.regist_user_id})` },
          { label: t('tags.details.place'), value: <span data-testid="details-place">{place(item)}</span> },
          { label: t('tags.details.tags'), value: <span data-testid="details-tags"><TagList tags={tags} /></span> },
          // A file's document fields (SPEC.md §3), as registered.
          ...(item.type === 'file'
            ? [
                { label: t('registration.fields.documentStyle'), value: <span data-testid="details-style">{t(`versions.documentStyles.${item.document_style ?? 'general'}`)}</span> },
                { label: t('registration.fields.transactionDate'), value: item.transaction_date ? formatCalendarDate(item.transaction_date, language) : '-' },
                { label: t('registration.fields.transactionAmount'), value: item.transaction_amount === undefined ? '-' : formatYen(item.transaction_amount, language) },
                { label: t('registration.fields.recipient'), value: item.recipient ?? '-' },
                { label: t('registration.fields.provider'), value: item.provider ?? '-' },
                { label: t('bookkeeping.fields.invoiceNumber'), value: <span data-testid="details-invoice">{item.invoice_number ?? '-'}</span> },
                // The property items in use (docs/property-items.md), with the file's values.
                ...itemsInUse(propertyItems).map((property) => ({
                  label: property.name,
                  value: <span data-testid={`details-property-${property.item_no}`}>{property.type === 'date' && typeof item.properties?.[property.item_no] === 'string' ? formatCalendarDate(item.properties[property.item_no] as string, language) : displayValue(property, item.properties?.[property.item_no])}</span>,
                })),
                ...(isBookkeepingDocument(item)
                  ? [{ label: t('bookkeeping.fields.retentionUntil'), value: <span data-testid="details-retention">{item.retention_until ? formatCalendarDate(item.retention_until, language) : '-'}</span> }]
                  : []),
                ...(item.document_style === 'scanner'
                  ? [
                      { label: t('bookkeeping.fields.scannerGrade'), value: item.scanner_grade ? t(`bookkeeping.fields.grades.${item.scanner_grade}`) : '-' },
                      { label: t('bookkeeping.fields.paperSize'), value: t(`bookkeeping.fields.paperSizes.${item.paper_size ?? 'A4'}`) },
                      { label: t('bookkeeping.fields.receivedDate'), value: item.received_date ? formatCalendarDate(item.received_date, language) : '-' },
                      {
                        label: t('bookkeeping.fields.inputDeadline'),
                        value: (
                          <span data-testid="details-deadline">
                            {item.input_deadline ? `${formatCalendarDate(item.input_deadline, language)} ` : '- '}
                            {item.input_late !== undefined &&
                              (item.input_late ? (
                                <StatusIndicator type="warning">{t('bookkeeping.fields.inputLate')}</StatusIndicator>
                              ) : (
                                <StatusIndicator type="success">{t('bookkeeping.fields.inputOnTime')}</StatusIndicator>
                              ))}
                          </span>
                        ),
                      },
                      {
                        label: t('bookkeeping.fields.scannerCheck'),
                        value: <ScannerCheckStatus check={item.scanner_check} file={item} testId="details-scanner-check" />,
                      },
                    ]
                  : []),
                {
                  label: t('drive.scan.label'),
                  value: (
                    <span data-testid="details-scan">
                      {item.scan_status === 'THREATS_FOUND' ? (
                        <StatusIndicator type="error">{t('drive.scan.THREATS_FOUND')}</StatusIndicator>
                      ) : (
                        t(`drive.scan.${item.scan_status ?? 'pending'}`)
                      )}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      {isReceived(item) && <ArrivalDetails arrival={item.received} />}
      <ExpandableSection
        headerText={t('fileActivity.title')}
        expanded={activityOpen}
        onChange={({ detail }) => setActivityOpen(detail.expanded)}
        data-testid="details-activity"
      >
        {activityOpen && (
          <Suspense fallback={<Box color="text-body-secondary">{t('fileActivity.loading')}</Box>}>
            <FileActivity key={item.id} item={item} />
          </Suspense>
        )}
      </ExpandableSection>
      </SpaceBetween>
    </div>
  );
}
