import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import Modal from '@/components/app-modal.tsx';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { mailAddressSaveRequest } from '@shared/schemas/mail-intake.ts';
import { isAbortError, reportApiError } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { deleteMailAddress } from '../api/delete-mail-address.ts';
import { refreshMailAddresses, useMailAddresses, type MailAddressRow } from '../api/list-mail-addresses.ts';
import { rotateMailAddress } from '../api/rotate-mail-address.ts';
import { saveMailAddress, type SaveMailAddressRequest } from '../api/save-mail-address.ts';
import { acceptanceStyles, sendersOf, type AcceptanceStyle } from '../utils/request-form.ts';

interface AddressValues {
  document_style: AcceptanceStyle | '';
  senders: string;
  keep_mail: boolean;
}

const flash = (header: string, closeLabel: string) =>
  notify({ id: newNotificationId('mail-address'), type: 'success', header, dismissLabel: closeLabel }, SUCCESS_DISMISS_MS);

/**
 * The folder's intake mail address, for administrators (docs/drive.md "Receiving documents by
 * mail"): the address to give out (with a copy button), what accepting applies, who may send and
 * whether the mail itself is kept; a new secret (the old address stops working) and deletion, each
 * confirmed. An environment without a receiving domain says so and offers nothing to create.
 */
export function MailAddressDialog({ folder, onDismiss }: { folder: { id: string; name: string }; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useMailAddresses(folder.id);
  const changed = () => {
    void refreshMailAddresses();
    void mutate();
  };
  return (
    <Modal
      visible
      size="large"
      data-testid="mail-address-dialog"
      onDismiss={onDismiss}
      header={t('arrivals.mail.title', { folder: folder.name })}
      footer={
        <Box float="right">
          <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'mail-address-close' }}>
            {t('arrivals.mail.close')}
          </Button>
        </Box>
      }
    >
      {data ? (
        data.domain === null ? (
          <Alert type="info" data-testid="mail-not-configured">
            {t('arrivals.mail.notConfigured')}
          </Alert>
        ) : (
          <SpaceBetween size="l">
            <Box variant="p">{t('arrivals.mail.intro')}</Box>
            {data.addresses.map((address) => (
              <AddressForm key={`${address.address_id}:${address.row_version}`} folderId={folder.id} address={address} onChanged={changed} onReload={async () => void (await mutate())} />
            ))}
            {data.addresses.length === 0 && (
              <>
                <Box color="text-body-secondary" data-testid="mail-address-none">
                  {t('arrivals.mail.none')}
                </Box>
                <AddressForm folderId={folder.id} onChanged={changed} onReload={async () => void (await mutate())} />
              </>
            )}
          </SpaceBetween>
        )
      ) : error !== undefined ? (
        <ListErrorState error={error} onRetry={() => void mutate()} />
      ) : (
        <Box textAlign="center" padding="l">
          <Spinner /> {t('arrivals.mail.loading')}
        </Box>
      )}
    </Modal>
  );
}

/** One address's settings (or, without `address`, a new one's), with its rotate and delete. */
function AddressForm({ folderId, address, onChanged, onReload }: { folderId: string; address?: MailAddressRow; onChanged: () => void; onReload: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const [confirming, setConfirming] = useState<'rotate' | 'delete'>();
  const [busy, setBusy] = useState(false);
  const style = address?.document_style;
  const form = useZodForm({
    initial: {
      document_style: style && style !== 'general' && (acceptanceStyles as readonly string[]).includes(style) ? (style as AcceptanceStyle) : '',
      senders: (address?.allowed_senders ?? []).join('\n'),
      keep_mail: address?.keep_mail === 1,
    } satisfies AddressValues as AddressValues,
    schema: mailAddressSaveRequest,
    toBody: (values: AddressValues): SaveMailAddressRequest => ({
      ...(address ? { address_id: address.address_id, row_version: address.row_version } : {}),
      folder_id: folderId,
      ...(values.document_style ? { document_style: values.document_style } : {}),
      allowed_senders: sendersOf(values.senders),
      keep_mail: values.keep_mail ? 1 : 0,
    }),
    send: (body) => saveMailAddress(body, { silent: true }),
    onSaved: () => {
      flash(t(address ? 'arrivals.mail.saved' : 'arrivals.mail.created'), t('common.close'));
      onChanged();
    },
    onReload,
  });
  const values = form.values;
  // The schema's messages name an entry by its index: say which entry is wrong.
  const senders = sendersOf(values.senders);
  const senderErrors = Object.entries(form.errors)
    .filter(([field]) => field === 'allowed_senders' || field.startsWith('allowed_senders.'))
    .map(([field, message]) => {
      const entry = senders[Number(field.split('.')[1])];
      return entry === undefined ? message : t('arrivals.mail.sendersLine', { entry, message });
    });
  const styleOptions = [
    { value: '', label: t('versions.documentStyles.general') },
    ...acceptanceStyles.map((value) => ({ value, label: t(`versions.documentStyles.${value}`) })),
  ];

  const act = async (kind: 'rotate' | 'delete') => {
    if (!address) return;
    setBusy(true);
    try {
      if (kind === 'rotate') await rotateMailAddress({ address_id: address.address_id }, { silent: true });
      else await deleteMailAddress({ address_id: address.address_id }, { silent: true });
      setConfirming(undefined);
      flash(t(kind === 'rotate' ? 'arrivals.mail.rotated' : 'arrivals.mail.deleted'), t('common.close'));
      onChanged();
    } catch (error) {
      if (!isAbortError(error)) reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container
      data-testid="mail-address"
      header={
        <Header
          variant="h3"
          description={address ? t('arrivals.mail.createdBy', { name: address.creator_nm, date: formatDateTime(address.created_at, language) }) : undefined}
          actions={
            address && (
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setConfirming('rotate')} nativeButtonAttributes={{ 'data-testid': 'mail-address-rotate' }}>
                  {t('arrivals.mail.rotate')}
                </Button>
                <Button onClick={() => setConfirming('delete')} nativeButtonAttributes={{ 'data-testid': 'mail-address-delete' }}>
                  {t('arrivals.mail.delete')}
                </Button>
              </SpaceBetween>
            )
          }
        >
          {address ? t('arrivals.mail.address') : t('arrivals.mail.newAddress')}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {address && (
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Box variant="code" data-testid="mail-address-value">
              {address.address}
            </Box>
            <CopyToClipboard
              variant="button"
              textToCopy={address.address}
              copyButtonText={t('arrivals.mail.copy')}
              copySuccessText={t('arrivals.mail.copied')}
              copyErrorText={t('arrivals.mail.copyFailed')}
            />
          </SpaceBetween>
        )}
        {address && confirming && (
          <Alert
            type="warning"
            header={t(confirming === 'rotate' ? 'arrivals.mail.rotateTitle' : 'arrivals.mail.deleteTitle')}
            data-testid={`mail-address-${confirming}-confirm`}
            action={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setConfirming(undefined)} nativeButtonAttributes={{ 'data-testid': 'mail-address-confirm-cancel' }}>
                  {t('common.cancel')}
                </Button>
                <Button variant="primary" loading={busy} onClick={() => void act(confirming)} nativeButtonAttributes={{ 'data-testid': 'mail-address-confirm-submit' }}>
                  {t(confirming === 'rotate' ? 'arrivals.mail.rotateSubmit' : 'arrivals.mail.deleteSubmit')}
                </Button>
              </SpaceBetween>
            }
          >
            {t(confirming === 'rotate' ? 'arrivals.mail.rotateBody' : 'arrivals.mail.deleteBody', { address: address.address })}
          </Alert>
        )}
        {form.conflict && <ConflictAlert message={form.conflict} onReload={() => void form.reload()} reloading={form.reloading} />}
        <form {...form.formProps}>
          <Form
            actions={
              <Button variant="primary" loading={form.busy} formAction="submit" nativeButtonAttributes={{ 'data-testid': 'mail-address-save' }}>
                {t(address ? 'arrivals.mail.save' : 'arrivals.mail.create')}
              </Button>
            }
          >
            <SpaceBetween size="m">
              <ColumnLayout columns={2}>
                <FormField label={t('arrivals.mail.style')} description={t('arrivals.mail.styleDescription')} errorText={form.errorOf('document_style')}>
                  <Select
                    selectedOption={styleOptions.find((option) => option.value === values.document_style) ?? styleOptions[0]!}
                    options={styleOptions}
                    onChange={({ detail }) => form.change('document_style', (detail.selectedOption.value ?? '') as AddressValues['document_style'])}
                    data-testid="mail-address-style"
                  />
                </FormField>
                <FormField description={t('arrivals.mail.keepMailDescription')} errorText={form.errorOf('keep_mail')}>
                  <Checkbox checked={values.keep_mail} onChange={({ detail }) => form.change('keep_mail', detail.checked)} data-testid="mail-address-keep">
                    {t('arrivals.mail.keepMail')}
                  </Checkbox>
                </FormField>
              </ColumnLayout>
              <FormField
                label={t('arrivals.mail.senders')}
                description={t('arrivals.mail.sendersDescription')}
                errorText={senderErrors.length > 0 ? senderErrors.join(' ') : undefined}
                stretch
              >
                <Textarea rows={4} value={values.senders} placeholder="example.co.jp" onChange={({ detail }) => form.change('senders', detail.value)} data-testid="mail-address-senders" />
              </FormField>
            </SpaceBetween>
          </Form>
        </form>
      </SpaceBetween>
    </Container>
  );
}
