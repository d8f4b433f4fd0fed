import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StorageSummary } from '@/components/quota-state.tsx';
import { useStorageUsage } from '../../api/get-storage-usage.ts';
import { fiscalYearStartMonth, linkIssuerLevels, monthName, type LinkIssuerLevel } from '../../utils/settings-form.ts';
import { FlagField, NumberField, TextField, settingsFieldTestId, settingsTestId, type FieldsProps } from './fields.tsx';

const months = Array.from({ length: 12 }, (_, index) => index + 1);
const issuerLevelKeys = { 1: 'view', 2: 'active', 3: 'update' } as const;

/** How long the trash keeps entries before the scheduled job deletes them for good. */
export function TrashContainer(props: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2" description={t('settings.trash.description')}>{t('settings.trash.title')}</Header>}>
      <NumberField {...props} field="trash_retention_days" />
    </Container>
  );
}

/** Whether files may be shared with users by permission, and share links issued, and from which drive level. */
export function SharingContainer(props: FieldsProps) {
  const { t } = useTranslation();
  const option = (level: LinkIssuerLevel) => ({ value: String(level), label: t(`settings.sharing.issuerLevels.${issuerLevelKeys[level]}`) });
  return (
    <Container header={<Header variant="h2" description={t('settings.sharing.description')}>{t('settings.sharing.title')}</Header>}>
      <ColumnLayout columns={2} variant="text-grid">
        <FlagField {...props} field="file_sharing" />
        <FlagField {...props} field="url_issuing" />
        <FormField
          label={t('settings.fields.link_issuer_level.label')}
          description={t('settings.fields.link_issuer_level.description')}
          errorText={props.errors.link_issuer_level}
          data-testid={settingsFieldTestId('link_issuer_level')}
        >
          <Select
            selectedOption={option(props.draft.link_issuer_level)}
            options={linkIssuerLevels.map(option)}
            disabled={props.disabled}
            invalid={!!props.errors.link_issuer_level}
            onChange={({ detail }) => props.onChange('link_issuer_level', Number(detail.selectedOption.value) as LinkIssuerLevel)}
            ariaLabel={t('settings.fields.link_issuer_level.label')}
            data-testid={settingsTestId('link_issuer_level')}
          />
        </FormField>
      </ColumnLayout>
    </Container>
  );
}

/** A new link's validity and download limit, the most a user may set (0 downloads: no limit), and the password rule. */
export function LinksContainer(props: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2" description={t('settings.links.description')}>{t('settings.links.title')}</Header>}>
      <SpaceBetween size="l">
        {!props.draft.url_issuing && (
          <Alert type="info" data-testid="settings-links-off">
            {t('settings.links.issuingOff')}
          </Alert>
        )}
        <ColumnLayout columns={2} variant="text-grid">
          <NumberField {...props} field="link_default_days" />
          <NumberField {...props} field="link_max_days" />
          <NumberField {...props} field="link_default_downloads" noLimit />
          <NumberField {...props} field="link_max_downloads" noLimit />
          <FlagField {...props} field="link_password_required" />
        </ColumnLayout>
      </SpaceBetween>
    </Container>
  );
}

/** The month the fiscal year ends, and the years documents are kept (with the Corporation Tax Act's rule). */
export function FiscalContainer(props: FieldsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const month = props.draft.fiscal_year_end_month;
  const option = (value: number) => ({ value: String(value), label: monthName(value, language) });
  return (
    <Container header={<Header variant="h2" description={t('settings.fiscal.description')}>{t('settings.fiscal.title')}</Header>}>
      <SpaceBetween size="l">
        <ColumnLayout columns={2} variant="text-grid">
          <FormField
            label={t('settings.fields.fiscal_year_end_month.label')}
            description={t('settings.fields.fiscal_year_end_month.description')}
            constraintText={t('settings.fiscal.period', { from: monthName(fiscalYearStartMonth(month), language), to: monthName(month, language) })}
            errorText={props.errors.fiscal_year_end_month}
            data-testid={settingsFieldTestId('fiscal_year_end_month')}
          >
            <div className="settings-month">
              <Select
                selectedOption={option(month)}
                options={months.map(option)}
                disabled={props.disabled}
                invalid={!!props.errors.fiscal_year_end_month}
                onChange={({ detail }) => props.onChange('fiscal_year_end_month', Number(detail.selectedOption.value))}
                ariaLabel={t('settings.fields.fiscal_year_end_month.label')}
                data-testid={settingsTestId('fiscal_year_end_month')}
              />
            </div>
          </FormField>
          <NumberField {...props} field="retention_years" />
        </ColumnLayout>
        <FlagField {...props} field="scanner_processing_rule" />
        <Alert type="info" header={t('settings.fiscal.taxActTitle')} data-testid="settings-tax-act-note">
          {t('settings.fiscal.taxActNote')}
        </Alert>
      </SpaceBetween>
    </Container>
  );
}

/**
 * What the reading of documents needs to know (docs/e-bookkeeping.md "Fields read from the
 * document"): the company's own name and registration number, which tell a document it issued
 * itself from one it received, and whether read registration numbers are checked with the
 * National Tax Agency.
 */
export function ReadingContainer(props: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Container data-testid="settings-reading" header={<Header variant="h2" description={t('settings.reading.description')}>{t('settings.reading.title')}</Header>}>
      <SpaceBetween size="l">
        <ColumnLayout columns={2} variant="text-grid">
          <TextField {...props} field="own_company_name" placeholder={t('settings.fields.own_company_name.placeholder')} />
          <TextField {...props} field="own_invoice_number" placeholder="T7000012050002" constraintText={t('bookkeeping.fields.invoiceNumberHint')} />
        </ColumnLayout>
        <FlagField {...props} field="invoice_registry_check" />
      </SpaceBetween>
    </Container>
  );
}

/**
 * The contract's storage, read-only: the quota is the operator's (`npm run tenant -- quota`), the
 * usage the server's counters (data_usage). Outside the form: nothing here is saved.
 */
export function StorageContainer() {
  const { t } = useTranslation();
  const { data } = useStorageUsage();
  return (
    <Container
      data-testid="settings-storage"
      header={<Header variant="h2" description={t('settings.storage.description')}>{t('settings.storage.title')}</Header>}
    >
      {data ? (
        <StorageSummary usage={data} testIdPrefix="settings-storage" />
      ) : (
        <Box color="text-body-secondary">{t('common.loading')}</Box>
      )}
    </Container>
  );
}
