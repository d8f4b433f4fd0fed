import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { userGroupRegisterRequest, type ProductArea } from '@shared/schemas/groups.ts';
import { usePageLayout } from '@/components/page-layout.tsx';
import { Tx } from '@/components/translated.tsx';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { refreshUserGroupLists } from '../../api/list-user-groups.ts';
import { registerUserGroup } from '../../api/register-user-group.ts';
import { emptyGroupForm, groupFields } from '../../utils/group-form.ts';
import { addMembers, memberFieldError, removeMember } from '../../utils/member-changes.ts';
import { GroupFormFields, type GroupField } from '../group-form-fields.tsx';
import { isProductArea, listHref } from '../group-list-page/table-config.tsx';
import { MemberIdInput } from '../member-id-input.tsx';

const noMembers: ReadonlySet<string> = new Set();

/** /user-group/create (SPEC.md §2): Cloudscape "create resource" form. */
export default function CreateGroupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('product');
  const [product, setProduct] = useState<ProductArea>(isProductArea(requested) ? requested : 'ata');
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const form = useZodForm({
    initial: emptyGroupForm,
    schema: userGroupRegisterRequest,
    toBody: (values) => ({ product, ...groupFields(values), member_ids: memberIds }),
    send: (body) => registerUserGroup(body, { silent: true }),
    savedMessage: ({ group }) => <Tx k="groups.form.created" values={{ name: group.user_group_nm }} />,
    onSaved: ({ group }) => {
      void refreshUserGroupLists();
      navigate(listHref(group.product));
    },
  });

  usePageLayout(
    [
      { text: t('groups.title'), href: listHref(product) },
      { text: t('groups.form.createTitle'), href: '#' },
    ],
    'form',
  );

  const errorOf = (field: GroupField) => form.errorOf(field);
  const membersError = memberFieldError(form.errors, 'member_ids', memberIds);

  return (
    <form {...form.formProps} data-testid="group-form">
      <Form
        header={
          <Header variant="h1" description={t('groups.form.createDescription')}>
            {t('groups.form.createTitle')}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={() => navigate(listHref(product))} nativeButtonAttributes={{ 'data-testid': 'group-form-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={form.busy} nativeButtonAttributes={{ 'data-testid': 'group-form-submit' }}>
              {t('groups.form.submitCreate')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <GroupFormFields
            values={form.values}
            onChange={form.change}
            errorOf={errorOf}
            product={product}
            onProductChange={(value) => {
              setProduct(value);
              form.setServerErrors({});
            }}
          />
          <Container header={<Header variant="h2" description={t('groups.members.createDescription')}>{t('groups.members.title')}</Header>}>
            <MemberIdInput
              pickerProduct={product}
              added={memberIds}
              errorText={membersError}
              onAdd={(ids) => {
                setMemberIds((previous) => addMembers({ add: previous, remove: [] }, ids, noMembers).changes.add);
                form.clearServerErrors('member_ids');
                return undefined;
              }}
              onRemove={(id) => setMemberIds((previous) => removeMember({ add: previous, remove: [] }, id, noMembers).add)}
            />
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
