import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ssoAttribSaveRequest } from '@shared/schemas/sso.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { useZodForm } from '@/lib/use-zod-form.ts';
import type { GetSsoInfoResponse } from '../../../api/get-sso-info.ts';
import { saveSsoAttributes } from '../../../api/save-sso-attributes.ts';

type AttributeField = 'attr_user_id' | 'attr_mail';

/** "Attribute mapping" container: which SAML attributes carry the user ID and the e-mail address. */
export function AttributesForm({
  info,
  onDirtyChange,
  onSaved,
  onReload,
}: {
  info: GetSsoInfoResponse;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (saved: GetSsoInfoResponse) => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm({
    initial: { attr_user_id: info.settings.attr_user_id, attr_mail: info.settings.attr_mail },
    schema: ssoAttribSaveRequest,
    toBody: (values) => ({ row_version: info.row_version, ...values }),
    send: (body) => saveSsoAttributes(body, { silent: true }),
    savedMessage: () => t('sso.attributes.saved'),
    onSaved,
    onReload,
  });
  const { changed } = form;

  useEffect(() => onDirtyChange(changed), [changed, onDirtyChange]);

  const field = (name: AttributeField, label: string, testId: string, placeholder: string) => (
    <FormField label={label} errorText={form.errorOf(name)} controlId={`sso-${name}`} stretch>
      <Input
        value={form.values[name]}
        placeholder={placeholder}
        disabled={form.busy}
        invalid={!!form.errorOf(name)}
        onChange={({ detail }) => form.change(name, detail.value)}
        nativeInputAttributes={{ 'data-testid': testId, name }}
      />
    </FormField>
  );

  return (
    <form {...form.formProps} data-testid="sso-attributes-form">
      <Form
        actions={
          <Button variant="primary" loading={form.busy} disabled={!changed || form.reloading} nativeButtonAttributes={{ 'data-testid': 'sso-attributes-save' }}>
            {t('common.save')}
          </Button>
        }
      >
        <Container header={<Header variant="h2" description={t('sso.attributes.description')}>{t('sso.attributes.title')}</Header>}>
          <SpaceBetween size="l">
            {form.conflict && <ConflictAlert message={form.conflict} onReload={() => void form.reload()} reloading={form.reloading} discardsChanges />}
            <ColumnLayout columns={2}>
              {field('attr_user_id', t('sso.attributes.userId'), 'sso-attr-user-id', 'uid')}
              {field('attr_mail', t('sso.attributes.mail'), 'sso-attr-mail', 'mail')}
            </ColumnLayout>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
