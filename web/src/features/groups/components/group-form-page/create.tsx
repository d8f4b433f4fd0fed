import { useMemo, useRef, useState, type FormEvent } from 'react';
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
import { handleSaveError } from '@/lib/edit-form.ts';
import { focusFirstInvalid } from '@/lib/focus-invalid.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { useFormState } from '@/lib/use-form-state.ts';
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
  const form = useFormState(emptyGroupForm);
  const formRef = useRef<HTMLFormElement>(null);
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  usePageLayout(
    [
      { text: t('groups.title'), href: listHref(product) },
      { text: t('groups.form.createTitle'), href: '#' },
    ],
    'form',
  );

  const body = { product, ...groupFields(form.values), member_ids: memberIds };
  const localErrors = useMemo(
    () => (form.submitted ? fieldErrors(userGroupRegisterRequest, { product, ...groupFields(form.values), member_ids: memberIds }, t) : {}),
    [form.submitted, form.values, product, memberIds, t],
  );
  const errorOf = (field: GroupField) => localErrors[field] ?? form.serverErrors[field];
  const membersError = memberFieldError({ ...form.serverErrors, ...localErrors }, 'member_ids', memberIds);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    form.setSubmitted(true);
    if (Object.keys(fieldErrors(userGroupRegisterRequest, body, t)).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const { group } = await registerUserGroup(body, { silent: true });
      notify(
        { id: newNotificationId('group-created'), type: 'success', header: <Tx k="groups.form.created" values={{ name: group.user_group_nm }} />, dismissLabel: t('common.close') },
        5000,
      );
      void refreshUserGroupLists();
      navigate(listHref(group.product));
    } catch (error) {
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
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate data-testid="group-form">
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
            <Button variant="primary" loading={busy} nativeButtonAttributes={{ 'data-testid': 'group-form-submit' }}>
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
