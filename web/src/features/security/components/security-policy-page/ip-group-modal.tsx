import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { codes } from '@shared/codes.ts';
import { IP_RANGES_MAX } from '@shared/ip-ranges.ts';
import { allowIpGroupSaveRequest } from '@shared/schemas/ip-policy.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { useZodForm } from '@/lib/use-zod-form.ts';
import type { IpPolicyEntry } from '../../api/get-ip-policy.ts';
import { saveIpGroupPolicy } from '../../api/save-ip-group-policy.ts';
import { sameIpList } from '../../utils/ip-list.ts';
import { YourAddress } from './ip-your-address.tsx';

/** Edits one account-area group's list; empty removes it. -201 and -3 show in place with a reload. */
export function IpGroupModal({
  entry,
  yourIp,
  onDismiss,
  onSaved,
  onReload,
}: {
  entry: IpPolicyEntry;
  yourIp: string;
  onDismiss: () => void;
  onSaved: (entry: IpPolicyEntry) => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const name = entry.user_group_nm;
  const form = useZodForm({
    initial: { ip_address: entry.ip_address },
    schema: allowIpGroupSaveRequest,
    toBody: (values) => ({ user_group_id: entry.user_group_id, ip_address: values.ip_address, row_version: entry.row_version }),
    send: (body) => saveIpGroupPolicy(body, { silent: true }),
    savedMessage: (saved) => (saved.entry.cidrs.length > 0 ? t('ipPolicy.groups.saved', { name }) : t('ipPolicy.groups.removed', { name })),
    onSaved: (saved) => onSaved(saved.entry),
    onReload,
    // A deleted group (-3) is shown in place like a conflict: reloading drops it from the table.
    conflictCodes: [codes.address.code],
  });
  const text = form.values.ip_address;
  const { busy, conflict, reload, reloading } = form;
  const changed = !sameIpList(text, entry.ip_address);
  // The field's message; a server message about another part of the request shows here too.
  const errorText = form.errorOf('ip_address') ?? Object.values(form.serverErrors)[0];
  const change = (next: string) => form.change('ip_address', next);

  return (
    <Modal
      visible
      size="medium"
      data-testid="ip-group-modal"
      onDismiss={() => !busy && onDismiss()}
      header={t('ipPolicy.modal.title', { name })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'ip-group-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={busy} disabled={!changed || reloading} onClick={() => void form.submit()} nativeButtonAttributes={{ 'data-testid': 'ip-group-save' }}>
              {t('common.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form {...form.formProps}>
        <SpaceBetween size="m">
          <Box variant="p">{t('ipPolicy.modal.description')}</Box>
          {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} reloading={reloading} discardsChanges />}
          <YourAddress yourIp={yourIp} text={text} onAdd={change} disabled={busy} />
          <FormField label={t('ipPolicy.contract.label')} constraintText={t('ipPolicy.contract.constraint', { max: IP_RANGES_MAX })} errorText={errorText} stretch>
            <Textarea
              value={text}
              rows={4}
              spellcheck={false}
              disabled={busy}
              placeholder={t('ipPolicy.contract.placeholder')}
              invalid={!!errorText}
              onChange={({ detail }) => change(detail.value)}
              onBlur={() => form.setSubmitted(text.trim() !== '')}
              ariaLabel={t('ipPolicy.contract.label')}
              nativeTextareaAttributes={{ 'data-testid': 'ip-group-input' } as Record<string, string>}
            />
          </FormField>
        </SpaceBetween>
      </form>
    </Modal>
  );
}
