import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { passwordChangeRequest, type PasswordChangeRequest } from '@shared/schemas/security.ts';
import { usePageLayout } from '@/components/page-layout.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { readStoredUser } from '@/lib/session.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { changePassword } from '../../api/change-password.ts';
import { usePasswordConditions } from '../../api/get-password-conditions.ts';
import { fieldOfPasswordError, passwordMismatch, type PasswordField } from '../../utils/password-conditions.ts';
import { ConditionsPanel } from './conditions-panel.tsx';
import { PasswordFormField } from './password-form-field.tsx';
import { PasswordStrengthMeter } from './strength-meter.tsx';

const empty: Required<PasswordChangeRequest> = { current_password: '', new_password: '', confirm_password: '' };
const testIds: Record<PasswordField, string> = {
  current_password: 'change-password-current',
  new_password: 'change-password-new',
  confirm_password: 'change-password-confirm',
};

/**
 * A refused change with the server's text for the field as its message: a password too easy to
 * guess is -990000020100, whose general message ("Does not meet password requirements") says less
 * than the field's ("This password is too easy to guess.").
 */
function withFieldMessage(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const field = fieldOfPasswordError(error.code);
  const text = field ? error.fields[field] : undefined;
  return text ? new ApiError(error.kind, error.code, error.msgLevel, text, error.fields, error.status, error.requestId, error.data) : error;
}

/** /change-password (SPEC.md §2) when signed in: the user's own password, with the conditions in force. */
export function OwnPasswordChange() {
  const { t } = useTranslation();
  const form = useZodForm({
    initial: empty,
    schema: passwordChangeRequest,
    toBody: (values) => values,
    crossCheck: (values) => passwordMismatch(values, t),
    send: (body) => changePassword(body, { silent: true }).catch((error: unknown) => {
      throw withFieldMessage(error);
    }),
    messageFields: fieldOfPasswordError,
    savedMessage: (result) => <span data-testid="change-password-success">{result.message || t('code.passwordChanged')}</span>,
    // The fields must not keep a password once it is changed.
    onSaved: (): void => form.reset(),
  });
  const { values, change, busy, errorOf } = form;
  const conditions = usePasswordConditions();
  const user = readStoredUser();

  usePageLayout([
    { text: t('pages.profile'), href: '/profile' },
    { text: t('pages.changePassword'), href: '/change-password' },
  ]);

  const field = (name: PasswordField) => (
    <PasswordFormField name={name} label={t(`account.changePassword.${name}`)} value={values[name]} error={errorOf(name)} testId={testIds[name]} onChange={(value) => change(name, value)} />
  );

  return (
    <ContentLayout header={<Header variant="h1" description={t('account.changePassword.description')}>{t('pages.changePassword')}</Header>}>
      <ColumnLayout columns={2}>
        <form {...form.formProps} data-testid="change-password-form" data-mode="own">
          <Form
            actions={
              <Button variant="primary" loading={busy} nativeButtonAttributes={{ 'data-testid': 'change-password-submit' }}>
                {t('account.changePassword.submit')}
              </Button>
            }
          >
            <Container header={<Header variant="h2">{t('account.changePassword.formTitle')}</Header>}>
              <SpaceBetween size="l">
                {field('current_password')}
                {field('new_password')}
                <PasswordStrengthMeter password={values.new_password} minimum={conditions.data?.policy.pwd_min_strength} userInputs={[user?.user_id, user?.user_nm, user?.email, user?.kyk_id]} />
                {field('confirm_password')}
              </SpaceBetween>
            </Container>
          </Form>
        </form>
        <PasswordConditions />
      </ColumnLayout>
    </ContentLayout>
  );
}

/** The conditions in force (read from the server), as sentences, and who sets them. */
function PasswordConditions() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = usePasswordConditions();
  return (
    <ConditionsPanel state={data ? 'ready' : error ? 'error' : 'loading'} policy={data?.policy}>
      {isLoading || !error ? (
        <Box textAlign="center">
          <Spinner />
        </Box>
      ) : (
        <Alert
          type="error"
          action={
            <Button formAction="none" onClick={() => void mutate()}>
              {t('common.refresh')}
            </Button>
          }
        >
          {error instanceof ApiError ? error.message : t('notice.networkError')}
        </Alert>
      )}
    </ConditionsPanel>
  );
}
