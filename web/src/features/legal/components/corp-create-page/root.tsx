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
import { useZodForm } from '@/lib/use-zod-form.ts';
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
  const form = useZodForm({
    initial: emptyCorpForm,
    schema: corpRegisterRequest,
    toBody: corpBody,
    send: (body) => registerCorp(body, { silent: true }),
    savedMessage: ({ corp }) => <Tx k="legal.form.created" values={{ name: corp.corp_nm }} />,
    onSaved: async ({ corp }) => {
      await mutate(corpKey(corp.corp_id), { corp }, { revalidate: false });
      void refreshCorpLists();
      navigate(detailHref(corp.corp_id));
    },
  });

  usePageLayout(
    [
      { text: t('legal.title'), href: LIST_HREF },
      { text: t('legal.form.createTitle'), href: '#' },
    ],
    'form',
  );

  return (
    <form {...form.formProps} data-testid="corp-form">
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
            <Button variant="primary" loading={form.busy} nativeButtonAttributes={{ 'data-testid': 'corp-form-submit' }}>
              {t('legal.form.submitCreate')}
            </Button>
          </SpaceBetween>
        }
      >
        <Container header={<Header variant="h2">{t('legal.detail.tabs.basic')}</Header>}>
          <CorpFormFields
            values={form.values}
            onChange={form.change}
            errorOf={form.errorOf}
          />
        </Container>
      </Form>
    </form>
  );
}
