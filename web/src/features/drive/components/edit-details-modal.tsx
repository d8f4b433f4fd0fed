import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@/components/app-modal.tsx';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import type { PropertyValue } from '@shared/schemas/property-items.ts';
import { fileDetailUpdateRequest, type FileDetailUpdateRequest } from '@shared/schemas/bookkeeping.ts';
import { documentStyles, isLegalDocumentStyle, paperSizes, scannerGrades, type DocumentStyle, type PaperSize, type ScannerGrade } from '@shared/schemas/bookkeeping-fields.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { useZodForm } from '@/lib/use-zod-form.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { updateFileDetails } from '../api/update-file-details.ts';
import { isBookkeepingDocument, japanToday } from '../utils/bookkeeping.ts';
import { amountOf } from '../utils/file-details.ts';
import { ReasonField, reasonMissing } from './bookkeeping-parts.tsx';
import { usePropertyItems, type PropertyItem } from '@/lib/property-items-api.ts';
import { PropertyFields } from '@/components/property-fields.tsx';
import { draftOf, propertyErrors, toPropertyUpdate, type PropertyDraft } from '@/lib/property-values.ts';

interface Values {
  document_style: DocumentStyle;
  transaction_date: string;
  transaction_amount: string;
  recipient: string;
  provider: string;
  invoice_number: string;
  scanner_grade: ScannerGrade;
  paper_size: PaperSize;
  received_date: string;
  /** The property items' values (docs/property-items.md). */
  properties: PropertyDraft;
  reason: string;
  /** The user confirms the much longer retention the server named (docs/e-bookkeeping.md "Transaction dates"). */
  confirm_retention: boolean;
}

const valuesOf = (item: DriveItem): Values => ({
  document_style: item.document_style ?? 'general',
  transaction_date: item.transaction_date ?? '',
  transaction_amount: item.transaction_amount === undefined ? '' : String(item.transaction_amount),
  recipient: item.recipient ?? '',
  provider: item.provider ?? '',
  invoice_number: item.invoice_number ?? '',
  scanner_grade: item.scanner_grade ?? 'important',
  paper_size: item.paper_size ?? 'A4',
  received_date: item.received_date ?? '',
  properties: draftOf(item.properties),
  reason: '',
  confirm_retention: false,
});

/**
 * The request from the form: only the fields changed (a field not sent keeps its value, an emptied
 * one is sent as null); the scanner fields only while the style is scanner storage; the reason when given.
 */
function toBody(item: DriveItem, initial: Values, values: Values, items: readonly PropertyItem[]): FileDetailUpdateRequest {
  const body: FileDetailUpdateRequest = { id: item.id, row_version: item.row_version };
  const text = (field: 'transaction_date' | 'recipient' | 'provider' | 'invoice_number' | 'received_date') => {
    if (values[field] !== initial[field]) body[field] = values[field].trim() === '' ? null : values[field].trim();
  };
  if (values.document_style !== initial.document_style) body.document_style = values.document_style;
  text('transaction_date');
  if (values.transaction_amount !== initial.transaction_amount) body.transaction_amount = amountOf(values.transaction_amount) ?? null;
  text('recipient');
  text('provider');
  text('invoice_number');
  if (values.document_style === 'scanner') {
    if (values.scanner_grade !== initial.scanner_grade || (initial.document_style !== 'scanner' && item.scanner_grade === undefined)) body.scanner_grade = values.scanner_grade;
    if (values.paper_size !== initial.paper_size || (initial.document_style !== 'scanner' && item.paper_size === undefined)) body.paper_size = values.paper_size;
    text('received_date');
  }
  if (JSON.stringify(values.properties) !== JSON.stringify(initial.properties)) body.properties = toPropertyUpdate(items, values.properties);
  if (values.reason.trim()) body.reason = values.reason;
  if (values.confirm_retention) body.confirm_retention = 1;
  return body;
}

/** What changed besides the reason (nothing changed: the save is refused before any call). */
const changedFields = (body: FileDetailUpdateRequest) => Object.keys(body).filter((key) => !['id', 'row_version', 'reason', 'confirm_retention'].includes(key));

/**
 * "Edit details" of one file: its document style, transaction date and amount, partners, invoice
 * registration number and (scanner storage) grade, paper size and received date. For a bookkeeping
 * document — a legal style before or after, or a file still kept — the change is a new version with
 * the same bytes, and a reason is required (通達 10-2); the note says so. A general file changes in place.
 */
export function EditDetailsModal({
  file,
  onDismiss,
  onSaved,
  onStale,
}: {
  file: DriveItem;
  onDismiss: () => void;
  onSaved: (item: DriveItem, newVersion: boolean) => void;
  /** Reload and close: the file changed since it was read. */
  onStale: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const initial = valuesOf(file);
  const propertyItems = usePropertyItems().data?.items ?? [];
  // The server's text when the correction keeps the document more than a year longer: it names the new end.
  const [retentionNotice, setRetentionNotice] = useState<string>();
  // A bookkeeping document now, or one the change makes a legal style: a correction with a reason.
  const needsReason = (body: FileDetailUpdateRequest) => isBookkeepingDocument(file) || isLegalDocumentStyle(body.document_style);
  const form = useZodForm({
    initial,
    schema: fileDetailUpdateRequest,
    toBody: (values: Values) => toBody(file, initial, values, propertyItems),
    send: (body) => updateFileDetails(body, { silent: true }),
    onSaved: ({ item }) => onSaved(item, item.version !== file.version),
    conflictCodes: [codes.editedByAnotherUser.code, codes.address.code],
    onReload: onStale,
    onFieldErrors: (fields) => {
      if (fields.confirm_retention) setRetentionNotice(fields.confirm_retention);
    },
    crossCheck: (body) => {
      const errors: Record<string, string> = {};
      if (changedFields(body).length === 0) errors.body = t('bookkeeping.edit.noChange');
      if (body.properties) {
        const sent = Object.fromEntries(Object.entries(body.properties).filter((entry): entry is [string, PropertyValue] => entry[1] !== null));
        Object.assign(errors, propertyErrors(propertyItems, draftOf(sent), t));
      }
      if (needsReason(body) && reasonMissing(body.reason ?? '')) errors.reason = t('validation.bookkeepingReasonRequired');
      if (typeof body.received_date === 'string' && body.received_date > japanToday()) errors.received_date = t('validation.receivedDateFuture');
      return errors;
    },
  });
  const bookkeeping = needsReason(form.body);
  const { values } = form;

  const styleOptions = documentStyles.map((style) => ({ value: style, label: t(`versions.documentStyles.${style}`) }));
  const gradeOptions = scannerGrades.map((grade) => ({ value: grade, label: t(`bookkeeping.fields.grades.${grade}`), description: t(`bookkeeping.fields.gradeDescriptions.${grade}`) }));
  const paperOptions = paperSizes.map((size) => ({ value: size, label: t(`bookkeeping.fields.paperSizes.${size}`) }));
  const noChange = form.submitted && form.errors.body;
  // A change of what the retention runs from asks again.
  const changeRetentionBasis = <K extends 'transaction_date' | 'document_style'>(field: K, value: Values[K]) => {
    form.change(field, value);
    if (retentionNotice === undefined) return;
    setRetentionNotice(undefined);
    form.change('confirm_retention', false);
  };

  return (
    <Modal
      visible
      size="large"
      data-testid="edit-details-modal"
      onDismiss={onDismiss}
      header={t('bookkeeping.edit.title', { name: file.name })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'edit-details-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={form.busy} onClick={() => void form.submit()} nativeButtonAttributes={{ 'data-testid': 'edit-details-submit' }}>
              {t('bookkeeping.edit.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form {...form.formProps}>
        <Form errorText={noChange || undefined}>
          <SpaceBetween size="m">
            {form.conflict && <ConflictAlert message={form.conflict} onReload={() => void form.reload()} reloading={form.reloading} />}
            <Alert type="info" data-testid="edit-details-note">
              {t(bookkeeping ? 'bookkeeping.edit.bookkeepingNote' : 'bookkeeping.edit.generalNote')}
            </Alert>
            <ColumnLayout columns={2}>
              <FormField label={t('registration.fields.documentStyle')} errorText={form.errorOf('document_style')}>
                <Select
                  selectedOption={styleOptions.find((option) => option.value === values.document_style) ?? null}
                  options={styleOptions}
                  onChange={({ detail }) => changeRetentionBasis('document_style', detail.selectedOption.value as DocumentStyle)}
                  data-testid="edit-style"
                />
              </FormField>
              <FormField label={t('registration.fields.transactionDate')} errorText={form.errorOf('transaction_date')}>
                <DatePicker
                  value={values.transaction_date}
                  onChange={({ detail }) => changeRetentionBasis('transaction_date', detail.value)}
                  placeholder={t('registration.fields.transactionDateHint')}
                  startOfWeek={1}
                  data-testid="edit-date"
                />
              </FormField>
              <FormField
                label={t('registration.fields.transactionAmount')}
                constraintText={t('registration.fields.transactionAmountHint')}
                errorText={form.errorOf('transaction_amount')}
                data-testid="edit-amount-field"
              >
                <Input value={values.transaction_amount} inputMode="numeric" onChange={({ detail }) => form.change('transaction_amount', detail.value)} data-testid="edit-amount" />
              </FormField>
              <FormField label={t('bookkeeping.fields.invoiceNumber')} constraintText={t('bookkeeping.fields.invoiceNumberHint')} errorText={form.errorOf('invoice_number')} data-testid="edit-invoice-field">
                <Input value={values.invoice_number} placeholder="T7000012050002" onChange={({ detail }) => form.change('invoice_number', detail.value)} data-testid="edit-invoice" />
              </FormField>
              <FormField label={t('registration.fields.recipient')} errorText={form.errorOf('recipient')}>
                <Input value={values.recipient} onChange={({ detail }) => form.change('recipient', detail.value)} data-testid="edit-recipient" />
              </FormField>
              <FormField label={t('registration.fields.provider')} errorText={form.errorOf('provider')}>
                <Input value={values.provider} onChange={({ detail }) => form.change('provider', detail.value)} data-testid="edit-provider" />
              </FormField>
            </ColumnLayout>
            <PropertyFields
              items={propertyItems}
              draft={values.properties}
              errors={Object.fromEntries(propertyItems.map((item) => [`properties.${item.item_no}`, form.errorOf(`properties.${item.item_no}`)]).filter(([, message]) => message)) as Record<string, string>}
              onChange={(draft) => form.change('properties', draft)}
              testIdPrefix="edit"
            />
            {values.document_style === 'scanner' && (
              <ColumnLayout columns={3}>
                <FormField label={t('bookkeeping.fields.scannerGrade')} errorText={form.errorOf('scanner_grade')}>
                  <Select
                    selectedOption={gradeOptions.find((option) => option.value === values.scanner_grade) ?? null}
                    options={gradeOptions}
                    onChange={({ detail }) => form.change('scanner_grade', detail.selectedOption.value as ScannerGrade)}
                    data-testid="edit-grade"
                  />
                </FormField>
                <FormField label={t('bookkeeping.fields.paperSize')} errorText={form.errorOf('paper_size')}>
                  <Select
                    selectedOption={paperOptions.find((option) => option.value === values.paper_size) ?? null}
                    options={paperOptions}
                    onChange={({ detail }) => form.change('paper_size', detail.selectedOption.value as PaperSize)}
                    data-testid="edit-paper"
                  />
                </FormField>
                <FormField label={t('bookkeeping.fields.receivedDate')} errorText={form.errorOf('received_date')}>
                  <DatePicker
                    value={values.received_date}
                    onChange={({ detail }) => form.change('received_date', detail.value)}
                    placeholder={t('registration.fields.transactionDateHint')}
                    isDateEnabled={(date) => date.getTime() <= Date.now()}
                    startOfWeek={1}
                    data-testid="edit-received"
                  />
                </FormField>
              </ColumnLayout>
            )}
            {retentionNotice !== undefined && (
              <Alert type="warning" header={t('bookkeeping.edit.retentionTitle')} data-testid="edit-retention-notice">
                <SpaceBetween size="s">
                  <span>{retentionNotice}</span>
                  <Checkbox checked={values.confirm_retention} onChange={({ detail }) => form.change('confirm_retention', detail.checked)} data-testid="edit-retention-confirm">
                    {t('bookkeeping.edit.retentionConfirm')}
                  </Checkbox>
                </SpaceBetween>
              </Alert>
            )}
            {bookkeeping && (
              <ReasonField kind="correction" value={values.reason} onChange={(value) => form.change('reason', value)} errorText={form.errorOf('reason')} testId="edit-reason" />
            )}
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
