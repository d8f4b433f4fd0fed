import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { codes } from '@shared/codes.ts';
import { IP_RANGES_MAX } from '@shared/schemas/ip-policy.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { handleSaveError, useReload } from '@/lib/edit-form.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import type { IpPolicyEntry } from '../../api/get-ip-policy.ts';
import { saveIpGroupPolicy } from '../../api/save-ip-group-policy.ts';
import { ipListError, sameIpList } from '../../utils/ip-list.ts';
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
  const [text, setText] = useState(entry.ip_address);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string>();
  const { reloading, reload } = useReload(async () => {
    await onReload();
    setConflict(undefined);
  });
  const changed = !sameIpList(text, entry.ip_address);
  const errorText = serverError ?? (submitted ? ipListError(text, t) : undefined);
  const name = entry.user_group_nm;

  const change = (next: string) => {
    setText(next);
    setServerError(undefined);
  };

  const save = async () => {
    setSubmitted(true);
    if (ipListError(text, t)) return;
    setBusy(true);
    setConflict(undefined);
    try {
      const saved = await saveIpGroupPolicy({ user_group_id: entry.user_group_id, ip_address: text, row_version: entry.row_version }, { silent: true });
      const header = saved.entry.cidrs.length > 0 ? t('ipPolicy.groups.saved', { name }) : t('ipPolicy.groups.removed', { name });
      notify({ id: newNotificationId('ip-policy-group'), type: 'success', header, dismissLabel: t('common.close') }, 5000);
      onSaved(saved.entry);
    } catch (error) {
      // A deleted group (-3) is shown in place like a conflict: reloading drops it from the table.
      if (error instanceof ApiError && error.code === codes.address.code) setConflict(error.message);
      else handleSaveError(error, { conflict: setConflict, fieldErrors: (fields) => setServerError(fields.ip_address ?? Object.values(fields)[0]) });
    } finally {
      setBusy(false);
    }
  };

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
            <Button variant="primary" loading={busy} disabled={!changed || reloading} onClick={() => void save()} nativeButtonAttributes={{ 'data-testid': 'ip-group-save' }}>
              {t('common.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
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
              onBlur={() => setSubmitted(text.trim() !== '')}
              ariaLabel={t('ipPolicy.contract.label')}
              nativeTextareaAttributes={{ 'data-testid': 'ip-group-input' } as Record<string, string>}
            />
          </FormField>
        </SpaceBetween>
      </form>
    </Modal>
  );
}
