import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import { folderRegisterRequest } from '@shared/schemas/drive.ts';
import { ApiError, isAbortError, reportApiError } from '@/lib/api-client.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { createFolder, type CreateFolderResponse } from '../api/create-folder.ts';

/** Codes whose message belongs under the name field rather than in the error modal. */
const nameCodes = new Set<number>([codes.folderNameDuplicate.code]);

/** The create-folder modal: inline validation from the shared schema, server field errors inline. */
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
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const localError = useMemo(
    () => (submitted ? fieldErrors(folderRegisterRequest, { parent_id: parentId, name }, t).name : undefined),
    [submitted, parentId, name, t],
  );
  const errorText = localError ?? serverError;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (fieldErrors(folderRegisterRequest, { parent_id: parentId, name }, t).name) return;
    setBusy(true);
    try {
      const { item } = await createFolder({ parent_id: parentId, name }, { silent: true });
      onCreated(item);
    } catch (error) {
      if (isAbortError(error)) return;
      if (error instanceof ApiError && error.fields.name) setServerError(error.fields.name);
      else if (error instanceof ApiError && nameCodes.has(error.code)) setServerError(error.message);
      else reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

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
              loading={busy}
              onClick={() => void submit()}
              nativeButtonAttributes={{ 'data-testid': 'create-folder-submit' }}
            >
              {t('drive.createFolder.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Form>
          <FormField
            label={t('drive.createFolder.nameLabel')}
            description={t('drive.createFolder.nameDescription')}
            errorText={errorText}
            controlId="create-folder-name"
          >
            <Input
              value={name}
              autoFocus
              invalid={!!errorText}
              onChange={({ detail }) => {
                setName(detail.value);
                setServerError(undefined);
              }}
              nativeInputAttributes={{ 'data-testid': 'create-folder-name', name: 'name', maxLength: 1000 }}
            />
          </FormField>
        </Form>
      </form>
    </Modal>
  );
}
