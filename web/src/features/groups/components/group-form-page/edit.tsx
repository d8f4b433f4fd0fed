import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { userGroupUpdateRequest } from '@shared/schemas/groups.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { RecordLoading } from '@/components/record-loading.tsx';
import { Tx } from '@/components/translated.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { useUserGroup, type GetUserGroupResponse } from '../../api/get-user-group.ts';
import { refreshUserGroupLists } from '../../api/list-user-groups.ts';
import { updateUserGroup } from '../../api/update-user-group.ts';
import { groupFields, groupFormFromGroup } from '../../utils/group-form.ts';
import { addMembers, keepMember, memberFieldError, noMemberChanges, removeMember, type MemberChanges } from '../../utils/member-changes.ts';
import { GroupFormFields, type GroupField } from '../group-form-fields.tsx';
import { listHref } from '../group-list-page/table-config.tsx';
import { MemberIdInput } from '../member-id-input.tsx';
import { MembersTable } from '../members-table.tsx';

/** /user-group/edit/:id (SPEC.md §2): Cloudscape "edit resource" form with the group's members. */
export default function EditGroupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { data, error, isLoading, mutate } = useUserGroup(id);
  const [reloads, setReloads] = useState(0);

  usePageLayout(
    [
      { text: t('groups.title'), href: data ? listHref(data.group.product) : '/list-user-group' },
      { text: data?.group.user_group_nm || t('groups.form.editTitleShort'), href: '#' },
    ],
    'form',
  );

  if (!data) {
    return (
      <RecordLoading
        testId="group-form-loading"
        loading={isLoading}
        error={error}
        backLabel={t('groups.form.backToList')}
        onBack={() => navigate('/list-user-group')}
        onRetry={() => void mutate()}
      />
    );
  }

  // A reload after -201 brings a new row_version: start the form again from the current values.
  return (
    <EditGroupForm
      key={`${data.group.user_group_id}:${data.group.row_version}:${reloads}`}
      data={data}
      onReload={async () => {
        await mutate();
        setReloads((count) => count + 1);
      }}
    />
  );
}

function EditGroupForm({ data, onReload }: { data: GetUserGroupResponse; onReload: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();
  const { group, members, members_total: membersTotal } = data;
  const [changes, setChanges] = useState<MemberChanges>(noMemberChanges);
  const memberIds = useMemo(() => new Set(members.map((member) => member.user_id)), [members]);
  const form = useZodForm({
    initial: groupFormFromGroup(group),
    schema: userGroupUpdateRequest,
    toBody: (values) => ({
      user_group_id: group.user_group_id,
      row_version: group.row_version,
      ...groupFields(values),
      add_member_ids: changes.add,
      remove_member_ids: changes.remove,
    }),
    send: (body) => updateUserGroup(body, { silent: true }),
    savedMessage: ({ group: saved }) => <Tx k="groups.form.saved" values={{ name: saved.user_group_nm }} />,
    onSaved: ({ group: saved }) => {
      void refreshUserGroupLists();
      navigate(listHref(saved.product));
    },
    onReload,
  });
  const { reloading, conflict } = form;
  const errorOf = (field: GroupField) => form.errorOf(field);
  const addError = memberFieldError(form.errors, 'add_member_ids', changes.add);
  const removeError = memberFieldError(form.errors, 'remove_member_ids', changes.remove);

  const pendingSummary =
    changes.add.length > 0 || changes.remove.length > 0
      ? t('groups.members.pendingSummary', { add: changes.add.length, remove: changes.remove.length })
      : undefined;

  return (
    <form {...form.formProps} data-testid="group-form" data-group-id={group.user_group_id}>
      <Form
        header={
          <Header
            variant="h1"
            description={t('groups.form.lastUpdated', { date: formatDateTime(group.update_date, language), user: group.update_user_nm || t('common.notAvailable') })}
          >
            {t('groups.form.editTitle', { name: group.user_group_nm })}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              formAction="none"
              variant="link"
              onClick={() => navigate(listHref(group.product))}
              nativeButtonAttributes={{ 'data-testid': 'group-form-cancel' }}
            >
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={form.busy} disabled={reloading} nativeButtonAttributes={{ 'data-testid': 'group-form-submit' }}>
              {t('groups.form.submitSave')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {conflict && <ConflictAlert message={conflict} onReload={() => void form.reload()} reloading={reloading} discardsChanges />}
          <GroupFormFields values={form.values} onChange={form.change} errorOf={errorOf} product={group.product} />
          {/* Enter in the members filter must not submit the whole form. */}
          <div onKeyDown={(event) => event.key === 'Enter' && event.target instanceof HTMLInputElement && event.preventDefault()}>
            <MembersTable
              members={members}
              total={membersTotal}
              removed={changes.remove}
              pendingSummary={pendingSummary}
              onRemove={(userId) => {
                setChanges((previous) => removeMember(previous, userId, memberIds));
                form.clearServerErrors('remove_member_ids');
              }}
              onKeep={(userId) => setChanges((previous) => keepMember(previous, userId))}
            />
          </div>
          {removeError && (
            <Box color="text-status-error" data-testid="group-member-remove-error">
              {removeError}
            </Box>
          )}
          <Container>
            <MemberIdInput
              pickerProduct={group.product}
              added={changes.add}
              errorText={addError}
              onAdd={(ids) => {
                const result = addMembers(changes, ids, memberIds);
                setChanges(result.changes);
                form.clearServerErrors('add_member_ids');
                return result.alreadyMembers.length > 0 ? t('groups.members.alreadyMembers', { ids: result.alreadyMembers.join(', ') }) : undefined;
              }}
              onRemove={(userId) => setChanges((previous) => removeMember(previous, userId, memberIds))}
            />
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
