import { useState } from 'react';
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
import { currentLanguage } from '@/lib/i18n/index.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
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
  const [switched, setSwitched] = useState(false);
  const [created, setCreated] = useState<RegisterUserResponse>();
  const [initial] = useState(() => emptyUserForm(currentLanguage()));
  const form = useZodForm({
    initial,
    schema: userRegisterRequest,
    toBody: (values) => registerBody(values, mode),
    send: (body) => registerUser(body, { silent: true }),
    // The server's text (990000210001) when it sends one, with who was registered.
    savedMessage: ({ data, message }) => message || <Tx k="users.form.created" values={{ name: data.user.user_nm }} />,
    savedContent: ({ data, message }) => (message ? `${data.user.user_nm} (${data.user.user_id})` : undefined),
    onSaved: async ({ data }) => {
      await mutate(userKey(data.user.user_id), { user: data.user }, { revalidate: false });
      void refreshUserLists();
      if (data.temporary_password) setCreated(data);
      else navigate(userHref(data.user.user_id));
    },
    onFieldErrors: (fields) => {
      if (mode === 0 && errorsOutsideSimpleMode(fields)) {
        setMode(1);
        setSwitched(true);
      }
    },
  });

  usePageLayout(
    [
      { text: t('users.title'), href: LIST_HREF },
      { text: t('users.form.registerTitle'), href: REGISTER_HREF },
    ],
    'form',
  );

  return (
    <>
      <form {...form.formProps} data-testid="user-form" data-mode={mode === 0 ? 'simple' : 'detailed'}>
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
              <Button variant="primary" loading={form.busy} nativeButtonAttributes={{ 'data-testid': 'user-form-submit' }}>
                {t('users.form.submitRegister')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            {/* Labelled by the field's label: `label` would show it again where the control turns into a select (phones). */}
            <FormField label={t('users.form.mode')} description={t('users.form.modeDescription')} controlId="user-form-mode">
              <SegmentedControl
                data-testid="user-form-mode"
                ariaLabelledby="user-form-mode-label"
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
            <UserFormFields values={form.values} onChange={form.change} errorOf={form.errorOf} detailed={mode === 1} editing={false} groupNames={{}} />
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
