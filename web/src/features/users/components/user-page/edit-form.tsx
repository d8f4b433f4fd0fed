import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { userUpdateRequest, type UserDetail } from '@shared/schemas/users.ts';
import type { ProductArea } from '@shared/schemas/groups.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { Tx } from '@/components/translated.tsx';
import { handleSaveError, useReload } from '@/lib/edit-form.ts';
import { formatDateTime } from '@/lib/format.ts';
import { focusFirstInvalid } from '@/lib/focus-invalid.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { useFormState } from '@/lib/use-form-state.ts';
import { updateUser } from '../../api/update-user.ts';
import { updateBody, userFormFromUser } from '../../utils/user-form.ts';
import { UserFormFields } from '../user-form-fields.tsx';

/** The edit form of the details page (Cloudscape "edit resource"), every field of the detailed mode. */
export function EditUserForm({
  user,
  onCancel,
  onSaved,
  onReload,
}: {
  user: UserDetail;
  onCancel: () => void;
  onSaved: (user: UserDetail) => void;
  /** Fetches the current version (after -201); the form then starts again from it. */
  onReload: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const form = useFormState(userFormFromUser(user));
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const { reloading, reload } = useReload(onReload);
  const [conflict, setConflict] = useState<string>();

  const body = updateBody(form.values, user);
  const localErrors = form.submitted ? fieldErrors(userUpdateRequest, body, t) : {};
  const errorOf = (field: string) => localErrors[field] ?? form.serverErrors[field];

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    form.setSubmitted(true);
    if (Object.keys(fieldErrors(userUpdateRequest, body, t)).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setConflict(undefined);
    try {
      const { user: saved } = await updateUser(body, { silent: true });
      notify(
        { id: newNotificationId('user-saved'), type: 'success', header: <Tx k="users.form.saved" values={{ name: saved.user_nm }} />, dismissLabel: t('common.close') },
        5000,
      );
      onSaved(saved);
    } catch (error) {
      handleSaveError(error, {
        conflict: setConflict,
        fieldErrors: (fields) => {
          form.setServerErrors(fields);
          focusFirstInvalid(formRef.current);
        },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate data-testid="user-form" data-mode="edit" data-user-id={user.user_id}>
      <Form
        header={
          <Header
            variant="h1"
            description={t('groups.form.lastUpdated', { date: formatDateTime(user.update_date, language), user: user.update_user_nm || t('common.notAvailable') })}
          >
            {t('users.form.editTitle', { name: user.user_nm })}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" disabled={busy} onClick={onCancel} nativeButtonAttributes={{ 'data-testid': 'user-form-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={busy} disabled={reloading} nativeButtonAttributes={{ 'data-testid': 'user-form-submit' }}>
              {t('users.form.submitSave')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} reloading={reloading} discardsChanges />}
          <UserFormFields
            values={form.values}
            onChange={form.change}
            errorOf={errorOf}
            detailed
            editing
            groupNames={user.group_names as Partial<Record<ProductArea, string>>}
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}
