import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { userUpdateRequest, type UserDetail } from '@shared/schemas/users.ts';
import type { ProductArea } from '@shared/schemas/groups.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { Tx } from '@/components/translated.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
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
  const form = useZodForm({
    initial: userFormFromUser(user),
    schema: userUpdateRequest,
    toBody: (values) => updateBody(values, user),
    send: (body) => updateUser(body, { silent: true }),
    savedMessage: ({ user: saved }) => <Tx k="users.form.saved" values={{ name: saved.user_nm }} />,
    onSaved: ({ user: saved }) => onSaved(saved),
    onReload,
  });
  const { busy, conflict, reloading } = form;

  return (
    <form {...form.formProps} data-testid="user-form" data-mode="edit" data-user-id={user.user_id}>
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
          {conflict && <ConflictAlert message={conflict} onReload={() => void form.reload()} reloading={reloading} discardsChanges />}
          <UserFormFields
            values={form.values}
            onChange={form.change}
            errorOf={form.errorOf}
            detailed
            editing
            groupNames={user.group_names as Partial<Record<ProductArea, string>>}
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}
