import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mutate } from 'swr';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { corpRegisterRequest } from '@shared/schemas/legal.ts';
import { usePageLayout } from '@/components/page-layout.tsx';
import { Tx } from '@/components/translated.tsx';
import { handleSaveError } from '@/lib/edit-form.ts';
import { focusFirstInvalid } from '@/lib/focus-invalid.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { useFormState } from '@/lib/use-form-state.ts';
import { corpKey } from '../../api/get-corp.ts';
import { refreshCorpLists } from '../../api/list-corps.ts';
import { registerCorp } from '../../api/register-corp.ts';
import { corpBody, emptyCorpForm } from '../../utils/corp-form.ts';
import { CorpFormFields } from '../corp-form-fields.tsx';
import { detailHref, LIST_HREF } from '../corp-list-page/table-config.tsx';

/** /legal/add (SPEC.md §2): Cloudscape "create resource" form for a legal entity. */
export default function CorpCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useFormState(emptyCorpForm);
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);

  usePageLayout(
    [
      { text: t('legal.title'), href: LIST_HREF },
      { text: t('legal.form.createTitle'), href: '#' },
    ],
    'form',
  );

  const localErrors = useMemo(
    () => (form.submitted ? fieldErrors(corpRegisterRequest, corpBody(form.values), t) : {}),
    [form.submitted, form.values, t],
  );

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    form.setSubmitted(true);
    const body = corpBody(form.values);
    if (Object.keys(fieldErrors(corpRegisterRequest, body, t)).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const { corp } = await registerCorp(body, { silent: true });
      await mutate(corpKey(corp.corp_id), { corp }, { revalidate: false });
      notify(
        { id: newNotificationId('corp-created'), type: 'success', header: <Tx k="legal.form.created" values={{ name: corp.corp_nm }} />, dismissLabel: t('common.close') },
        5000,
      );
      void refreshCorpLists();
      navigate(detailHref(corp.corp_id));
    } catch (error) {
      // Input errors (a duplicate code among them) go under their fields.
      handleSaveError(error, {
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
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate data-testid="corp-form">
      <Form
        header={
          <Header variant="h1" description={t('legal.form.createDescription')}>
            {t('legal.form.createTitle')}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={() => navigate(LIST_HREF)} nativeButtonAttributes={{ 'data-testid': 'corp-form-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={busy} nativeButtonAttributes={{ 'data-testid': 'corp-form-submit' }}>
              {t('legal.form.submitCreate')}
            </Button>
          </SpaceBetween>
        }
      >
        <Container header={<Header variant="h2">{t('legal.detail.tabs.basic')}</Header>}>
          <CorpFormFields
            values={form.values}
            onChange={form.change}
            errorOf={(field) => localErrors[field] ?? form.serverErrors[field]}
          />
        </Container>
      </Form>
    </form>
  );
}
