import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import { folderRegisterRequest } from '@shared/schemas/drive.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { createFolder, type CreateFolderResponse } from '../api/create-folder.ts';

/** The create-folder modal (the form hook): inline validation from the shared schema, server field errors inline. */
export function CreateFolderModal({
  parentId,
  onDismiss,
  onCreated,
}: {
  parentId: string;
  onDismiss: () => void;
  onCreated: (item: CreateFolderResponse['item']) => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm({
    initial: { name: '' },
    schema: folderRegisterRequest,
    toBody: (values) => ({ parent_id: parentId, name: values.name }),
    send: (body) => createFolder(body, { silent: true }),
    onSaved: ({ item }) => onCreated(item),
    // A name already in the folder is the name field's message, not a dialog.
    messageFields: { [codes.folderNameDuplicate.code]: 'name' },
  });
  const errorText = form.errorOf('name');

  return (
    <Modal
      visible
      data-testid="create-folder-modal"
      onDismiss={onDismiss}
      header={t('drive.createFolder.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'create-folder-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={form.busy}
              onClick={() => void form.submit()}
              nativeButtonAttributes={{ 'data-testid': 'create-folder-submit' }}
            >
              {t('drive.createFolder.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form {...form.formProps}>
        <Form>
          <FormField
            label={t('drive.createFolder.nameLabel')}
            description={t('drive.createFolder.nameDescription')}
            errorText={errorText}
            controlId="create-folder-name"
          >
            <Input
              value={form.values.name}
              autoFocus
              invalid={!!errorText}
              onChange={({ detail }) => form.change('name', detail.value)}
              nativeInputAttributes={{ 'data-testid': 'create-folder-name', name: 'name', maxLength: 1000 }}
            />
          </FormField>
        </Form>
      </form>
    </Modal>
  );
}
