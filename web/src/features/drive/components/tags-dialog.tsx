import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@/components/app-modal.tsx';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { codes } from '@shared/codes.ts';
import { TAG_NAME_MAX } from '@shared/drive-limits.ts';
import { tagCreateRequest } from '@shared/schemas/drive.ts';
import { reportRefusal } from '@/lib/api-client.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { createTag } from '../api/create-tag.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { useItemTags } from '../api/get-item-tags.ts';
import { refreshTagReads, saveItemTags } from '../api/save-item-tags.ts';
import { refreshTags, useTags, type DriveTag } from '../api/search-tags.ts';

type Scope = DriveTag['scope'];

/**
 * The folder-tag and file-tag dialog (SPEC.md §2): the common and private tags the user sees, the
 * entry's ticked; ticking and unticking sets them on Save (the whole list at once). A new tag is
 * created in place and ticked. Common tags are set and created by administrators only: for others
 * their boxes are read-only, and creating one answers the server's refusal under the field.
 */
export function TagsDialog({ item, admin, onDismiss, onSaved }: { item: DriveItem; admin: boolean; onDismiss: () => void; onSaved: (tags: DriveTag[]) => void }) {
  const { t } = useTranslation();
  const all = useTags({});
  const current = useItemTags(item.id);
  const [chosen, setChosen] = useState<Set<string>>();
  const [created, setCreated] = useState<DriveTag[]>([]);
  const [createdName, setCreatedName] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();

  const loaded = all.data !== undefined && current.data !== undefined;
  const selected = chosen ?? new Set(current.data?.tags.map((tag) => tag.id) ?? []);
  const known = [...(all.data?.tags ?? []), ...created.filter((tag) => !all.data?.tags.some((other) => other.id === tag.id))];
  // A tag on the entry beyond the first 100 of the search is still shown (and kept).
  const listed = [...known, ...(current.data?.tags ?? []).filter((tag) => !known.some((other) => other.id === tag.id))];
  const ofScope = (scope: Scope) => listed.filter((tag) => tag.scope === scope).sort((a, b) => a.name.localeCompare(b.name));

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
    setSaveError(undefined);
  };

  const form = useZodForm({
    initial: { name: '', scope: (admin ? 'common' : 'private') as Scope },
    schema: tagCreateRequest,
    toBody: (values) => ({ name: values.name, scope: values.scope }),
    send: (body) => createTag(body, { silent: true }),
    onSaved: ({ tag }) => {
      setCreated((previous) => [...previous, tag]);
      toggle(tag.id, true);
      setCreatedName(tag.name);
      form.reset();
      void refreshTags();
    },
    messageFields: {
      [codes.tagCommonNotAllowed.code]: 'scope',
      [codes.tagTooLong.code]: 'name',
      [codes.tagCommonDuplicate.code]: 'name',
      [codes.tagPrivateDuplicate.code]: 'name',
    },
  });

  const save = async () => {
    setSaving(true);
    setSaveError(undefined);
    try {
      const { tags } = await saveItemTags({ id: item.id, tag_ids: [...selected] }, { silent: true });
      void refreshTagReads();
      onSaved(tags);
    } catch (error) {
      reportRefusal(error, (refusal) => setSaveError(refusal.message));
    } finally {
      setSaving(false);
    }
  };

  const tagList = (scope: Scope) => {
    const tags = ofScope(scope);
    const locked = scope === 'common' && !admin;
    return (
      <FormField
        label={t(scope === 'common' ? 'tags.dialog.common' : 'tags.dialog.private')}
        description={locked ? t('tags.dialog.commonLocked') : t(scope === 'common' ? 'tags.commonHint' : 'tags.privateHint')}
      >
        <div className="tags-dialog-list" data-testid={`tags-dialog-${scope}`}>
          {tags.length === 0 ? (
            <Box color="text-body-secondary">{t(scope === 'common' ? 'tags.dialog.noCommon' : 'tags.dialog.noPrivate')}</Box>
          ) : (
            <SpaceBetween size="xxs">
              {tags.map((tag) => (
                <Checkbox
                  key={tag.id}
                  checked={selected.has(tag.id)}
                  disabled={locked || saving}
                  onChange={({ detail }) => toggle(tag.id, detail.checked)}
                  nativeInputAttributes={{ 'data-testid': 'tags-dialog-tag', 'data-tag-name': tag.name, 'data-tag-scope': tag.scope } as Record<string, string>}
                >
                  {tag.name}
                </Checkbox>
              ))}
            </SpaceBetween>
          )}
        </div>
      </FormField>
    );
  };

  const nameError = form.errorOf('name');
  const scopeError = form.errorOf('scope');

  return (
    <Modal
      visible
      size="medium"
      data-testid="tags-dialog"
      onDismiss={() => !saving && onDismiss()}
      header={t(item.type === 'folder' ? 'tags.dialog.folderTitle' : 'tags.dialog.fileTitle')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={saving} nativeButtonAttributes={{ 'data-testid': 'tags-dialog-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={saving} disabled={!loaded} onClick={() => void save()} nativeButtonAttributes={{ 'data-testid': 'tags-dialog-save' }}>
              {t('tags.dialog.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <Box variant="p">{t('tags.dialog.description', { name: item.name })}</Box>
        {saveError && (
          <Alert type="error" data-testid="tags-dialog-error">
            {saveError}
          </Alert>
        )}
        {!loaded ? (
          <StatusIndicator type="loading" data-testid="tags-dialog-loading">
            {t('tags.dialog.loading')}
          </StatusIndicator>
        ) : (
          <ColumnLayout columns={2}>
            {tagList('common')}
            {tagList('private')}
          </ColumnLayout>
        )}
        <ExpandableSection headerText={t('tags.dialog.create')} variant="footer" defaultExpanded data-testid="tags-dialog-create">
          <form {...form.formProps}>
            <SpaceBetween size="s">
              <FormField label={t('tags.dialog.createName')} constraintText={t('common.maxCharacters', { max: TAG_NAME_MAX })} errorText={nameError} controlId="tag-create-name">
                <Input
                  value={form.values.name}
                  invalid={!!nameError}
                  onChange={({ detail }) => {
                    setCreatedName(undefined);
                    form.clearServerErrors('scope');
                    form.change('name', detail.value);
                  }}
                  nativeInputAttributes={{ 'data-testid': 'tag-create-name', name: 'name', maxLength: 1000 }}
                />
              </FormField>
              <FormField label={t('tags.dialog.createScope')} errorText={scopeError}>
                <RadioGroup
                  value={form.values.scope}
                  onChange={({ detail }) => {
                    form.clearServerErrors('name');
                    form.change('scope', detail.value as Scope);
                  }}
                  items={[
                    { value: 'common', label: t('tags.scope.common'), description: t('tags.commonHint') },
                    { value: 'private', label: t('tags.scope.private'), description: t('tags.privateHint') },
                  ]}
                  data-testid="tag-create-scope"
                />
              </FormField>
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <Button formAction="submit" loading={form.busy} nativeButtonAttributes={{ 'data-testid': 'tag-create-submit' }}>
                  {t('tags.dialog.createSubmit')}
                </Button>
                {createdName && (
                  <StatusIndicator type="success" data-testid="tag-created">
                    {t('tags.dialog.created', { name: createdName })}
                  </StatusIndicator>
                )}
              </SpaceBetween>
            </SpaceBetween>
          </form>
        </ExpandableSection>
      </SpaceBetween>
    </Modal>
  );
}
