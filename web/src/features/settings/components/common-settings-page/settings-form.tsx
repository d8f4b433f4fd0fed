import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { commonSettingsSaveRequest } from '@shared/schemas/settings.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { useZodForm } from '@/lib/use-zod-form.ts';
import type { GetCommonSettingsResponse } from '../../api/get-common-settings.ts';
import { saveCommonSettings } from '../../api/save-common-settings.ts';
import { draftChanged, draftFromSettings, settingsFromDraft } from '../../utils/settings-form.ts';
import { FiscalContainer, LinksContainer, ReadingContainer, SharingContainer, TrashContainer } from './containers.tsx';
import { ResetSaveActions } from '@/components/reset-save-actions.tsx';

/**
 * The common settings as one form on the shared schema: every field is sent with the row_version
 * read; a default above its maximum shows on the default's field (here and from the server), a
 * stale save (-201) shows the conflict alert whose Reload starts again from the saved values.
 */
export function CommonSettingsForm({
  info,
  onDirtyChange,
  onSaved,
  onReload,
}: {
  info: GetCommonSettingsResponse;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (saved: GetCommonSettingsResponse) => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const initial = draftFromSettings(info.settings);
  const form = useZodForm({
    initial,
    schema: commonSettingsSaveRequest,
    toBody: (draft) => ({ row_version: info.row_version, ...settingsFromDraft(draft) }),
    send: (body) => saveCommonSettings(body, { silent: true }),
    savedMessage: () => t('settings.saved'),
    onSaved,
    onReload,
  });
  const { busy, conflict, reloading, reload } = form;
  const changed = draftChanged(form.values, initial);

  useEffect(() => onDirtyChange(changed), [changed, onDirtyChange]);

  const fields = { draft: form.values, disabled: busy, errors: form.errors, onChange: form.change };
  return (
    <form {...form.formProps} data-testid="settings-form" data-row-version={info.row_version}>
      <Form actions={<ResetSaveActions changed={changed} busy={busy} reloading={reloading} onReset={form.reset} testIdPrefix="settings" />}>
        <SpaceBetween size="l">
          {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} reloading={reloading} discardsChanges />}
          <TrashContainer {...fields} />
          <SharingContainer {...fields} />
          <LinksContainer {...fields} />
          <FiscalContainer {...fields} />
          <ReadingContainer {...fields} />
        </SpaceBetween>
      </Form>
    </form>
  );
}
