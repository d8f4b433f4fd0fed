import { useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import type { PropertyValue } from '@shared/schemas/property-items.ts';
import { fileDetailUpdateRequest, type FileDetailUpdateRequest } from '@shared/schemas/bookkeeping.ts';
import { documentStyles, isLegalDocumentStyle, paperSizes, scannerGrades, type DocumentStyle, type PaperSize, type ScannerGrade } from '@shared/schemas/bookkeeping-fields.ts';
import type { ReadFieldName } from '@shared/schemas/read-fields.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { useZodForm } from '@/lib/use-zod-form.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { updateFileDetails } from '../api/update-file-details.ts';
import { isBookkeepingDocument, japanToday } from '../utils/bookkeeping.ts';
import { amountOf } from '../utils/file-details.ts';
import { confirmedReadFields, fillableFields, formValueOf, isConfirmation, offerFor, type ReadFieldValues } from '../utils/read-fields.ts';
import { ReasonField, reasonMissing } from './bookkeeping-parts.tsx';
import { ReadingSummary } from './read-fields/reading-summary.tsx';
import { ReadSuggestion, RegistryAnswerLine } from './read-fields/read-suggestion.tsx';
import { ReadPagePreview } from './read-fields/read-page-preview.tsx';
import { hasRenditions } from '../api/get-preview.ts';
import { useReadSuggestions } from './read-fields/use-read-suggestions.ts';
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

const readValuesOf = (values: Values): ReadFieldValues => ({
  transaction_date: values.transaction_date,
  transaction_amount: values.transaction_amount,
  recipient: values.recipient,
  provider: values.provider,
  invoice_number: values.invoice_number,
});

/**
 * The request from the form: only the fields changed (a field not sent keeps its value, an emptied
 * one is sent as null); the scanner fields only while the style is scanner storage; the fields taken
 * from the reading (`confirmed_read`); the reason when given, unless the save only confirms read values.
 */
function toBody(item: DriveItem, initial: Values, values: Values, items: readonly PropertyItem[], confirmed: ReadFieldName[]): FileDetailUpdateRequest {
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
  if (confirmed.length > 0) body.confirmed_read = confirmed;
  // A confirmation asks no reason (its field is hidden): one typed before the values were taken is not sent.
  if (values.reason.trim() && !isConfirmation(item, body, confirmed)) body.reason = values.reason;
  if (values.confirm_retention) body.confirm_retention = 1;
  return body;
}

/** What changed besides the reason (nothing changed: the save is refused before any call). */
const changedFields = (body: FileDetailUpdateRequest) => Object.keys(body).filter((key) => !['id', 'row_version', 'reason', 'confirm_retention', 'confirmed_read'].includes(key));

/** The dialog's size for the form: wider when the document's page is shown beside the fields. */
export const editDetailsSize = (file: DriveItem): 'large' | 'x-large' => (hasRenditions(file) ? 'x-large' : 'large');

export interface EditDetailsFormHandle {
  /** Checks and saves, as the form's own submit does (the dialog's footer holds the button). */
  submit: () => Promise<void>;
}

/**
 * The fields of "Edit details" for one file: its document style, transaction date and amount,
 * partners, invoice registration number, property items and (scanner storage) grade, paper size
 * and received date. For a bookkeeping document — a legal style before or after, or a file still
 * kept — the change is a new version with the same bytes, and a reason is required (通達 10-2); the
 * note says so. A general file changes in place.
 *
 * The values read from the document (docs/e-bookkeeping.md "Fields read from the document") are
 * offered beside their fields; the user's own typing always wins. Taking read values into empty
 * fields is a confirmation, which needs no reason. For a PDF or an image, the page is shown beside
 * the fields (the dialog is wider then: `editDetailsSize`) with the line each value came from outlined.
 *
 * `onUnchanged`: what a save with nothing changed does (by default, it says nothing was changed).
 */
export function EditDetailsForm({
  file,
  ref,
  onSaved,
  onStale,
  onUnchanged,
}: {
  file: DriveItem;
  ref?: Ref<EditDetailsFormHandle>;
  /** `confirmed`: the save only took read values into empty fields (recorded as "Details confirmed"). */
  onSaved: (item: DriveItem, newVersion: boolean, confirmed: boolean) => void;
  /** Reload and close: the file changed since it was read. */
  onStale: () => Promise<void>;
  onUnchanged?: () => void;
}) {
  const { t } = useTranslation();
  const initial = valuesOf(file);
  const propertyItems = usePropertyItems().data?.items ?? [];
  const suggestions = useReadSuggestions(file.id);
  // The server's text when the correction keeps the document more than a year longer: it names the new end.
  const [retentionNotice, setRetentionNotice] = useState<string>();
  // The body of the save under way: what the success says depends on whether it confirmed read values.
  const sent = useRef<FileDetailUpdateRequest>(undefined);
  const confirmedOf = (values: Values) => confirmedReadFields(suggestions.taken, readValuesOf(values), suggestions.fields);
  // A bookkeeping document now, or one the change makes a legal style: a correction with a reason, unless it only confirms read values.
  const needsReason = (body: FileDetailUpdateRequest) =>
    (isBookkeepingDocument(file) || isLegalDocumentStyle(body.document_style)) && !isConfirmation(file, body, body.confirmed_read ?? []);
  const form = useZodForm({
    initial,
    schema: fileDetailUpdateRequest,
    toBody: (values: Values) => toBody(file, initial, values, propertyItems, confirmedOf(values)),
    send: (body) => {
      sent.current = body;
      return updateFileDetails(body, { silent: true });
    },
    onSaved: ({ item }) => onSaved(item, item.version !== file.version, !!sent.current && isConfirmation(file, sent.current, sent.current.confirmed_read ?? [])),
    conflictCodes: [codes.editedByAnotherUser.code, codes.address.code],
    onReload: onStale,
    onFieldErrors: (fields) => {
      if (fields.confirm_retention) setRetentionNotice(fields.confirm_retention);
    },
    crossCheck: (body) => {
      const errors: Record<string, string> = {};
      if (changedFields(body).length === 0 && !onUnchanged) errors.body = t('bookkeeping.edit.noChange');
      if (body.properties) {
        const sent = Object.fromEntries(Object.entries(body.properties).filter((entry): entry is [string, PropertyValue] => entry[1] !== null));
        Object.assign(errors, propertyErrors(propertyItems, draftOf(sent), t));
      }
      if (needsReason(body) && reasonMissing(body.reason ?? '')) errors.reason = t('validation.bookkeepingReasonRequired');
      if (typeof body.received_date === 'string' && body.received_date > japanToday()) errors.received_date = t('validation.receivedDateFuture');
      return errors;
    },
  });
  useImperativeHandle(ref, () => ({
    submit: () => (onUnchanged && changedFields(form.body).length === 0 ? Promise.resolve(onUnchanged()) : form.submit()),
  }));
  const bookkeeping = isBookkeepingDocument(file) || isLegalDocumentStyle(form.body.document_style);
  const confirmation = bookkeeping && isConfirmation(file, form.body, form.body.confirmed_read ?? []);
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
  // Typed by the user: the value is theirs, no longer the one taken from the reading.
  const type = (field: ReadFieldName, value: string) => {
    suggestions.release(field);
    if (field === 'transaction_date') changeRetentionBasis(field, value);
    else form.change(field, value);
  };
  const use = (field: ReadFieldName) => {
    const value = formValueOf(suggestions.fields[field]);
    if (value === undefined) return;
    if (field === 'transaction_date') changeRetentionBasis(field, value);
    else form.change(field, value);
    suggestions.take(field);
  };
  const fillable = fillableFields(readValuesOf(values), suggestions.fields);
  const registry = suggestions.reading?.status === 'read' ? suggestions.reading.registry : undefined;
  // The registry speaks of the issuer's number: beside the trading partner, unless the document is the contract's own.
  const registryBeside: ReadFieldName = suggestions.reading?.own_document ? 'invoice_number' : 'provider';

  /** One read field: its control, what the reading offers it, and (pointed at or focused) its line on the page. */
  const readField = (field: ReadFieldName, label: string, control: ReactNode, extra: { constraintText?: string; testId?: string } = {}) => (
    <div onMouseEnter={() => suggestions.lookAt(field)} onFocus={() => suggestions.lookAt(field)} data-read-field={field}>
      <FormField label={label} constraintText={extra.constraintText} errorText={form.errorOf(field)} data-testid={extra.testId}>
        <SpaceBetween size="xxs">
          {control}
          <ReadSuggestion field={field} label={label} offer={offerFor(field, values[field], suggestions.fields[field], suggestions.taken)} onUse={() => use(field)} />
          {registry && registryBeside === field && <RegistryAnswerLine answer={registry} />}
        </SpaceBetween>
      </FormField>
    </div>
  );

  const documentFields = (
    <ColumnLayout columns={2}>
      <FormField label={t('registration.fields.documentStyle')} errorText={form.errorOf('document_style')}>
        <Select
          selectedOption={styleOptions.find((option) => option.value === values.document_style) ?? null}
          options={styleOptions}
          onChange={({ detail }) => changeRetentionBasis('document_style', detail.selectedOption.value as DocumentStyle)}
          data-testid="edit-style"
        />
      </FormField>
      {readField(
        'transaction_date',
        t('registration.fields.transactionDate'),
        <DatePicker
          value={values.transaction_date}
          onChange={({ detail }) => type('transaction_date', detail.value)}
          placeholder={t('registration.fields.transactionDateHint')}
          startOfWeek={1}
          data-testid="edit-date"
        />,
      )}
      {readField(
        'transaction_amount',
        t('registration.fields.transactionAmount'),
        <Input value={values.transaction_amount} inputMode="numeric" onChange={({ detail }) => type('transaction_amount', detail.value)} data-testid="edit-amount" />,
        { constraintText: t('registration.fields.transactionAmountHint'), testId: 'edit-amount-field' },
      )}
      {readField(
        'invoice_number',
        t('bookkeeping.fields.invoiceNumber'),
        <Input value={values.invoice_number} placeholder="T7000012050002" onChange={({ detail }) => type('invoice_number', detail.value)} data-testid="edit-invoice" />,
        { constraintText: t('bookkeeping.fields.invoiceNumberHint'), testId: 'edit-invoice-field' },
      )}
      {readField('recipient', t('registration.fields.recipient'), <Input value={values.recipient} onChange={({ detail }) => type('recipient', detail.value)} data-testid="edit-recipient" />)}
      {readField('provider', t('registration.fields.provider'), <Input value={values.provider} onChange={({ detail }) => type('provider', detail.value)} data-testid="edit-provider" />)}
    </ColumnLayout>
  );

  return (
    <form {...form.formProps}>
      <Form errorText={noChange || undefined}>
        <SpaceBetween size="m">
          {form.conflict && <ConflictAlert message={form.conflict} onReload={() => void form.reload()} reloading={form.reloading} />}
          <Alert type={confirmation ? 'success' : 'info'} data-testid="edit-details-note" data-confirmation={String(confirmation)}>
            {t(confirmation ? 'readFields.summary.confirmationNote' : bookkeeping ? 'bookkeeping.edit.bookkeepingNote' : 'bookkeeping.edit.generalNote')}
          </Alert>
          <ReadingSummary
            suggestions={suggestions}
            fillable={fillable.length}
            onUseAll={() => fillable.forEach(use)}
          />
          {hasRenditions(file) ? (
            <Grid gridDefinition={[{ colspan: { default: 12, xs: 8 } }, { colspan: { default: 12, xs: 4 } }]}>
              {documentFields}
              <ReadPagePreview file={file} fields={suggestions.fields} lookedAt={suggestions.lookedAt} />
            </Grid>
          ) : (
            documentFields
          )}
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
          {bookkeeping && !confirmation && (
            <ReasonField kind="correction" value={values.reason} onChange={(value) => form.change('reason', value)} errorText={form.errorOf('reason')} testId="edit-reason" />
          )}
        </SpaceBetween>
      </Form>
    </form>
  );
}
