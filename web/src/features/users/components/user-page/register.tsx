import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mutate } from 'swr';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { userRegisterRequest } from '@shared/schemas/users.ts';
import { usePageLayout } from '@/components/page-layout.tsx';
import { Tx } from '@/components/translated.tsx';
import { handleSaveError } from '@/lib/edit-form.ts';
import { focusFirstInvalid } from '@/lib/focus-invalid.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { currentLanguage } from '@/lib/i18n/index.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { useFormState } from '@/lib/use-form-state.ts';
import { userKey } from '../../api/get-user.ts';
import { refreshUserLists } from '../../api/list-users.ts';
import { registerUser, type RegisterUserResponse } from '../../api/register-user.ts';
import { LIST_HREF, REGISTER_HREF, userHref } from '../../utils/hrefs.ts';
import { emptyUserForm, errorsOutsideSimpleMode, registerBody, type RegistMode } from '../../utils/user-form.ts';
import { TempPasswordModal } from '../temp-password-modal.tsx';
import { UserFormFields } from '../user-form-fields.tsx';

/** /user?mode=new: Cloudscape "create resource" form in simple (0) or detailed (1) mode. */
export function RegisterUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<RegistMode>(0);
  const form = useFormState(emptyUserForm(currentLanguage()));
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [switched, setSwitched] = useState(false);
  const [created, setCreated] = useState<RegisterUserResponse>();

  usePageLayout(
    [
      { text: t('users.title'), href: LIST_HREF },
      { text: t('users.form.registerTitle'), href: REGISTER_HREF },
    ],
    'form',
  );

  const body = registerBody(form.values, mode);
  const localErrors = form.submitted ? fieldErrors(userRegisterRequest, body, t) : {};
  const errorOf = (field: string) => localErrors[field] ?? form.serverErrors[field];

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    form.setSubmitted(true);
    if (Object.keys(fieldErrors(userRegisterRequest, body, t)).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const { data, message } = await registerUser(body, { silent: true });
      await mutate(userKey(data.user.user_id), { user: data.user }, { revalidate: false });
      notify(
        {
          id: newNotificationId('user-created'),
          type: 'success',
          header: message || <Tx k="users.form.created" values={{ name: data.user.user_nm }} />,
          content: message ? `${data.user.user_nm} (${data.user.user_id})` : undefined,
          dismissLabel: t('common.close'),
        },
        8000,
      );
      void refreshUserLists();
      if (data.temporary_password) setCreated(data);
      else navigate(userHref(data.user.user_id));
    } catch (error) {
      handleSaveError(error, {
        fieldErrors: (fields) => {
          form.setServerErrors(fields);
          if (mode === 0 && errorsOutsideSimpleMode(fields)) {
            setMode(1);
            setSwitched(true);
          }
          focusFirstInvalid(formRef.current);
        },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate data-testid="user-form" data-mode={mode === 0 ? 'simple' : 'detailed'}>
        <Form
          header={
            <Header variant="h1" description={t('users.form.registerDescription')}>
              {t('users.form.registerTitle')}
            </Header>
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={() => navigate(LIST_HREF)} nativeButtonAttributes={{ 'data-testid': 'user-form-cancel' }}>
                {t('common.cancel')}
              </Button>
              <Button variant="primary" loading={busy} nativeButtonAttributes={{ 'data-testid': 'user-form-submit' }}>
                {t('users.form.submitRegister')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <FormField label={t('users.form.mode')} description={t('users.form.modeDescription')}>
              <SegmentedControl
                data-testid="user-form-mode"
                label={t('users.form.mode')}
                selectedId={mode === 0 ? 'user-form-mode-simple' : 'user-form-mode-detailed'}
                options={[
                  { id: 'user-form-mode-simple', text: t('users.form.modeSimple') },
                  { id: 'user-form-mode-detailed', text: t('users.form.modeDetailed') },
                ]}
                onChange={({ detail }) => {
                  setMode(detail.selectedId === 'user-form-mode-detailed' ? 1 : 0);
                  setSwitched(false);
                }}
              />
            </FormField>
            {switched && <Alert type="warning">{t('users.form.detailedErrors')}</Alert>}
            <UserFormFields values={form.values} onChange={form.change} errorOf={errorOf} detailed={mode === 1} editing={false} groupNames={{}} />
          </SpaceBetween>
        </Form>
      </form>
      {created?.temporary_password && (
        <TempPasswordModal
          password={created.temporary_password}
          user={created.user}
          onClose={() => {
            const id = created.user.user_id;
            setCreated(undefined);
            navigate(userHref(id));
          }}
        />
      )}
    </>
  );
}
