import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@/components/app-modal.tsx';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { documentStyles, fileRegisterRequest, type DocumentStyle } from '@shared/schemas/drive.ts';
import { paperSizes, scannerGrades, type PaperSize, type ScannerGrade } from '@shared/schemas/bookkeeping-fields.ts';
import { formatBytes } from '@/lib/format.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { useTags } from '../api/search-tags.ts';
import { getFileInfo, type DriveItem } from '../api/get-file-info.ts';
import { refreshFolder } from '../api/list-folder.ts';
import { refreshAttention } from '../api/list-attention.ts';
import { toRegistrationFields, type FileDetails, type RegistrationFields } from '../utils/file-details.ts';
import type { UploadFollower } from '../utils/transfers.tsx';
import type { EditDetailsFormHandle } from './edit-details-form.tsx';
import { ReadConfirmStep, type FollowedUpload } from './read-fields/read-confirm-step.tsx';
import { japanToday } from '../utils/bookkeeping.ts';
import { isReadKind } from '../utils/read-fields.ts';
import { usePropertyItems } from '@/lib/property-items-api.ts';
import { PropertyFields } from '@/components/property-fields.tsx';
import { propertyErrors, toPropertyValues, type PropertyDraft } from '@/lib/property-values.ts';

const FIELDS = ['document_style', 'transaction_date', 'transaction_amount', 'recipient', 'provider', 'invoice_number', 'scanner_grade', 'paper_size', 'received_date'] as const;

const emptyDetails = (): FileDetails => ({
  document_style: 'general',
  transaction_date: '',
  transaction_amount: '',
  recipient: '',
  provider: '',
  tag_ids: [],
  invoice_number: '',
  scanner_grade: 'important',
  paper_size: 'A4',
  received_date: '',
});

/** What the dialog hands over to upload, per file: its fields and tags, and who follows the upload. */
export interface Registration {
  fields: RegistrationFields;
  tagIds: string[];
  follow: UploadFollower;
}

/**
 * Detailed registration (SPEC.md §3, §4), in two steps. First the document's fields for each file
 * before it is uploaded (document style, transaction date and amount, recipient, provider, the
 * invoice registration number, tags; for scanner storage the document grade, the paper size and
 * the day the paper was received), checked with the registration's shared schema (a received date
 * in the future is refused here too, judged in Japan as the server does); "Copy to all files" gives
 * every file one file's values, as a batch of invoices from one partner usually shares them.
 *
 * Then, while the files upload, the dialog stays on each file in turn until its fields are read
 * from the document (docs/e-bookkeeping.md "Fields read from the document") and offers them beside
 * its details, or until the user moves on: "Skip" is never blocked, and a skipped file stays marked
 * in the drive for its read fields to be confirmed later.
 */
export function DetailedRegistrationModal({
  files,
  admin,
  onDismiss,
  onUpload,
}: {
  files: File[];
  admin: boolean;
  onDismiss: () => void;
  onUpload: (registrations: Registration[]) => void;
}) {
  const { t } = useTranslation();
  // The confirmation step: each file's upload as it goes, the file shown, and its details form.
  const [uploads, setUploads] = useState<FollowedUpload[]>();
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const stepForm = useRef<EditDetailsFormHandle>(null);
  const tags = useTags({});
  const propertyItems = usePropertyItems();
  const [details, setDetails] = useState<FileDetails[]>(() => files.map(emptyDetails));
  // The property items' values per file (docs/property-items.md), beside the document fields.
  const [properties, setProperties] = useState<PropertyDraft[]>(() => files.map(() => ({})));
  const [errors, setErrors] = useState<Record<string, string>[]>();
  const [expanded, setExpanded] = useState<boolean[]>(() => files.map((_, index) => index === 0 || files.length <= 3));
  const [copiedFrom, setCopiedFrom] = useState<string>();

  // Messages after the first submit, then kept in step with every change.
  const items = propertyItems.data?.items ?? [];
  const check = (all: FileDetails[], allProperties: PropertyDraft[] = properties) =>
    all.map((entry, index) => {
      const fields = toRegistrationFields(entry);
      const found = fieldErrors(fileRegisterRequest, { name: files[index]!.name, size: files[index]!.size, ...fields }, t);
      if (!found.received_date && fields.received_date && fields.received_date > japanToday()) found.received_date = t('validation.receivedDateFuture');
      return { ...found, ...propertyErrors(items, allProperties[index] ?? {}, t) };
    });
  const invalidIn = (fileErrors: Record<string, string>) => FIELDS.some((field) => fileErrors[field]) || Object.keys(fileErrors).some((field) => field.startsWith('properties.'));
  const change = (index: number, patch: Partial<FileDetails>) => {
    const next = details.map((entry, at) => (at === index ? { ...entry, ...patch } : entry));
    setDetails(next);
    setCopiedFrom(undefined);
    if (errors) setErrors(check(next));
  };
  const changeProperties = (index: number, draft: PropertyDraft) => {
    const next = properties.map((entry, at) => (at === index ? draft : entry));
    setProperties(next);
    setCopiedFrom(undefined);
    if (errors) setErrors(check(details, next));
  };
  const copyToAll = (index: number) => {
    const source = details[index]!;
    const next = details.map(() => ({ ...source, tag_ids: [...source.tag_ids] }));
    const nextProperties = properties.map(() => structuredClone(properties[index]!));
    setDetails(next);
    setProperties(nextProperties);
    setCopiedFrom(files[index]!.name);
    if (errors) setErrors(check(next, nextProperties));
  };
  const submit = () => {
    const found = check(details);
    const invalid = found.flatMap((fileErrors, index) => (invalidIn(fileErrors) ? [index] : []));
    if (invalid.length > 0) {
      setErrors(found);
      setExpanded((open) => open.map((value, index) => value || invalid.includes(index)));
      return;
    }
    // The confirmation step follows the files whose fields are read (PDFs and images); with none, the dialog's work is done.
    const followed = files.flatMap((file, index) => (isReadKind(file) ? [index] : []));
    const track = (index: number, change: Partial<FollowedUpload>) => {
      const at = followed.indexOf(index);
      setUploads((list) => list?.map((upload, position) => (position === at ? { ...upload, ...change } : upload)));
    };
    const registrations = details.map((entry, index): Registration => ({
      fields: { ...toRegistrationFields(entry), properties: toPropertyValues(items, properties[index]!) },
      tagIds: entry.tag_ids,
      follow: {
        queued: (transferId) => track(index, { transferId }),
        ready: (item) => track(index, { item }),
        dropped: () => track(index, { dropped: true }),
      },
    }));
    if (followed.length === 0) {
      onUpload(registrations);
      onDismiss();
      return;
    }
    setUploads(followed.map((index) => ({ name: files[index]!.name, size: files[index]!.size })));
    setStep(0);
    onUpload(registrations);
  };

  /** The next file of the confirmation step, or the end of the dialog after the last. */
  const next = () => {
    if (!uploads || step + 1 >= uploads.length) onDismiss();
    else setStep(step + 1);
  };
  const saveStep = async () => {
    setSaving(true);
    try {
      await stepForm.current?.submit();
    } finally {
      setSaving(false);
    }
  };
  const stepSaved = (item: DriveItem) => {
    void refreshFolder(item.parent_id);
    void refreshAttention();
    next();
  };
  // The file changed since it was shown (e.g. its scan was checked meanwhile): its details again, as they are now.
  const stepStale = async () => {
    const id = uploads?.[step]?.item?.id;
    if (!id) return;
    const { item } = await getFileInfo({ id });
    setUploads((list) => list?.map((upload, at) => (at === step ? { ...upload, item } : upload)));
  };

  if (uploads) {
    const upload = uploads[step]!;
    const last = step + 1 >= uploads.length;
    return (
      <Modal
        visible
        // As wide as "Edit details" with the document's page beside the fields, for every file (no jump between them).
        size="x-large"
        onDismiss={onDismiss}
        header={t('readFields.confirmStep.title', { index: step + 1, count: uploads.length })}
        data-testid="detailed-registration-modal"
        data-phase="confirm"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={next} nativeButtonAttributes={{ 'data-testid': 'read-confirm-skip' }}>
                {t('readFields.confirmStep.skip')}
              </Button>
              <Button variant="primary" loading={saving} disabled={!upload.item} onClick={() => void saveStep()} nativeButtonAttributes={{ 'data-testid': 'read-confirm-save' }}>
                {t(last ? 'readFields.confirmStep.saveFinish' : 'readFields.confirmStep.saveNext')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Box variant="p" color="text-body-secondary">
            {t('readFields.confirmStep.description')}
          </Box>
          <ReadConfirmStep key={step} upload={upload} form={stepForm} onSaved={stepSaved} onUnchanged={next} onStale={stepStale} />
        </SpaceBetween>
      </Modal>
    );
  }

  const invalidCount = errors ? errors.filter(invalidIn).length : 0;
  const styleOptions = documentStyles.map((style) => ({ value: style, label: t(`versions.documentStyles.${style}`) }));
  const gradeOptions = scannerGrades.map((grade) => ({ value: grade, label: t(`bookkeeping.fields.grades.${grade}`), description: t(`bookkeeping.fields.gradeDescriptions.${grade}`) }));
  const paperOptions = paperSizes.map((size) => ({ value: size, label: t(`bookkeeping.fields.paperSizes.${size}`) }));
  const tagOptions: MultiselectProps.OptionGroup[] = [
    {
      label: t('registration.fields.tagsCommon'),
      options: (tags.data?.tags ?? [])
        .filter((tag) => tag.scope === 'common')
        .map((tag) => ({ value: tag.id, label: tag.name, disabled: !admin, ...(admin ? {} : { description: t('registration.fields.tagsCommonAdminOnly') }) })),
    },
    {
      label: t('registration.fields.tagsPrivate'),
      options: (tags.data?.tags ?? []).filter((tag) => tag.scope === 'private').map((tag) => ({ value: tag.id, label: tag.name })),
    },
  ].filter((group) => group.options.length > 0);
  const allTagOptions = tagOptions.flatMap((group) => group.options);

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      header={t('registration.title', { count: files.length })}
      data-testid="detailed-registration-modal"
      data-phase="details"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'detailed-cancel' }}>
              {t('registration.cancel')}
            </Button>
            <Button variant="primary" onClick={submit} nativeButtonAttributes={{ 'data-testid': 'detailed-submit' }}>
              {t('registration.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <Form errorText={invalidCount > 0 ? t('registration.invalid', { count: invalidCount }) : undefined}>
        <SpaceBetween size="m">
          <Box variant="p" color="text-body-secondary">
            {t('registration.description')} {t('readFields.registrationNote')}
          </Box>
          {copiedFrom && (
            <Box color="text-status-success" data-testid="detailed-copied">
              {t('registration.copiedToAll', { name: copiedFrom })}
            </Box>
          )}
          {files.map((file, index) => {
            const entry = details[index]!;
            const fileErrors = errors?.[index] ?? {};
            return (
              <div key={`${file.name}-${index}`} data-testid={`detailed-file-${index}`} data-file-name={file.name}>
                <ExpandableSection
                  variant="container"
                  expanded={expanded[index]}
                  onChange={({ detail }) => setExpanded((open) => open.map((value, at) => (at === index ? detail.expanded : value)))}
                  headerText={file.name}
                  headerDescription={formatBytes(file.size)}
                  headerActions={
                    files.length > 1 ? (
                      <Button onClick={() => copyToAll(index)} nativeButtonAttributes={{ 'data-testid': 'detailed-copy-all' }}>
                        {t('registration.copyToAll')}
                      </Button>
                    ) : undefined
                  }
                >
                  <ColumnLayout columns={2}>
                    <FormField label={t('registration.fields.documentStyle')} errorText={fileErrors.document_style}>
                      <Select
                        selectedOption={styleOptions.find((option) => option.value === entry.document_style) ?? null}
                        options={styleOptions}
                        onChange={({ detail }) => change(index, { document_style: detail.selectedOption.value as DocumentStyle })}
                        data-testid="detailed-style"
                      />
                    </FormField>
                    <FormField label={t('registration.fields.transactionDate')} errorText={fileErrors.transaction_date} data-testid="detailed-date-field">
                      <DatePicker
                        value={entry.transaction_date}
                        onChange={({ detail }) => change(index, { transaction_date: detail.value })}
                        placeholder={t('registration.fields.transactionDateHint')}
                        startOfWeek={1}
                        data-testid="detailed-date"
                      />
                    </FormField>
                    <FormField
                      label={t('registration.fields.transactionAmount')}
                      constraintText={t('registration.fields.transactionAmountHint')}
                      errorText={fileErrors.transaction_amount}
                      data-testid="detailed-amount-field"
                    >
                      <Input
                        value={entry.transaction_amount}
                        inputMode="numeric"
                        onChange={({ detail }) => change(index, { transaction_amount: detail.value })}
                        data-testid="detailed-amount"
                      />
                    </FormField>
                    <FormField label={t('registration.fields.tags')}>
                      <Multiselect
                        selectedOptions={allTagOptions.filter((option) => entry.tag_ids.includes(option.value!))}
                        options={tagOptions}
                        placeholder={t('registration.fields.tagsPlaceholder')}
                        empty={t('registration.fields.tagsEmpty')}
                        statusType={tags.data ? 'finished' : 'loading'}
                        tokenLimit={3}
                        onChange={({ detail }) => change(index, { tag_ids: detail.selectedOptions.map((option) => option.value!) })}
                        data-testid="detailed-tags"
                      />
                    </FormField>
                    <FormField label={t('registration.fields.recipient')} errorText={fileErrors.recipient} data-testid="detailed-recipient-field">
                      <Input value={entry.recipient} onChange={({ detail }) => change(index, { recipient: detail.value })} data-testid="detailed-recipient" />
                    </FormField>
                    <FormField label={t('registration.fields.provider')} errorText={fileErrors.provider} data-testid="detailed-provider-field">
                      <Input value={entry.provider} onChange={({ detail }) => change(index, { provider: detail.value })} data-testid="detailed-provider" />
                    </FormField>
                    <FormField
                      label={t('bookkeeping.fields.invoiceNumber')}
                      constraintText={t('bookkeeping.fields.invoiceNumberHint')}
                      errorText={fileErrors.invoice_number}
                      data-testid="detailed-invoice-field"
                    >
                      <Input
                        value={entry.invoice_number ?? ''}
                        placeholder="T7000012050002"
                        onChange={({ detail }) => change(index, { invoice_number: detail.value })}
                        data-testid="detailed-invoice"
                      />
                    </FormField>
                  </ColumnLayout>
                  <PropertyFields items={items} draft={properties[index]!} errors={fileErrors} onChange={(draft) => changeProperties(index, draft)} testIdPrefix="detailed" />
                  {entry.document_style === 'scanner' && (
                    <div className="bookkeeping-scanner-fields" data-testid="detailed-scanner-fields">
                      <ColumnLayout columns={3}>
                        <FormField label={t('bookkeeping.fields.scannerGrade')} errorText={fileErrors.scanner_grade}>
                          <Select
                            selectedOption={gradeOptions.find((option) => option.value === entry.scanner_grade) ?? null}
                            options={gradeOptions}
                            onChange={({ detail }) => change(index, { scanner_grade: detail.selectedOption.value as ScannerGrade })}
                            data-testid="detailed-grade"
                          />
                        </FormField>
                        <FormField label={t('bookkeeping.fields.paperSize')} constraintText={t('bookkeeping.fields.paperSizeHint')} errorText={fileErrors.paper_size}>
                          <Select
                            selectedOption={paperOptions.find((option) => option.value === entry.paper_size) ?? null}
                            options={paperOptions}
                            onChange={({ detail }) => change(index, { paper_size: detail.selectedOption.value as PaperSize })}
                            data-testid="detailed-paper"
                          />
                        </FormField>
                        <FormField
                          label={t('bookkeeping.fields.receivedDate')}
                          constraintText={t('bookkeeping.fields.receivedDateHint')}
                          errorText={fileErrors.received_date}
                          data-testid="detailed-received-field"
                        >
                          <DatePicker
                            value={entry.received_date ?? ''}
                            onChange={({ detail }) => change(index, { received_date: detail.value })}
                            placeholder={t('registration.fields.transactionDateHint')}
                            isDateEnabled={(date) => date.getTime() <= Date.now()}
                            startOfWeek={1}
                            data-testid="detailed-received"
                          />
                        </FormField>
                      </ColumnLayout>
                    </div>
                  )}
                </ExpandableSection>
              </div>
            );
          })}
        </SpaceBetween>
      </Form>
    </Modal>
  );
}
