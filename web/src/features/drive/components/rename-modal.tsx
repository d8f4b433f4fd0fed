import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import { renameRequest } from '@shared/schemas/drive.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { useZodForm } from '@/lib/use-zod-form.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { renameItem } from '../api/rename-item.ts';

/** A file name's extension with its dot ('.pdf'), or '' (none, or a name that starts with its only dot). */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/**
 * Renames one file or folder: a file's name selected without its extension on open, a change of
 * extension warned of before it is sent, the name checked by the shared schema as it is typed, a name held in
 * the folder under the field, another user's change in between as the conflict alert (reload).
 */
export function RenameModal({
  item,
  onDismiss,
  onRenamed,
  onStale,
}: {
  item: DriveItem;
  onDismiss: () => void;
  onRenamed: (item: DriveItem) => void;
  /** Reload the folder and close: the entry changed since the list was read. */
  onStale: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm({
    initial: { name: item.name },
    schema: renameRequest,
    toBody: (values) => ({ id: item.id, name: values.name, row_version: item.row_version }),
    send: (body) => renameItem(body, { silent: true }),
    onSaved: (result) => onRenamed(result.item),
    messageFields: { [codes.folderNameDuplicate.code]: 'name' },
    // Changed or trashed by someone else meanwhile: the alert's Reload shows the folder as it is now.
    conflictCodes: [codes.editedByAnotherUser.code, codes.address.code],
    onReload: onStale,
  });
  const errorText = form.errorOf('name');
  const input = useRef<InputProps.Ref>(null);
  // A file opens with its name selected up to the extension, so typing keeps ".pdf".
  // (After the modal's own focus handling, which lands a frame or two later.)
  useEffect(() => {
    const end = item.type === 'file' ? item.name.length - extensionOf(item.name).length : item.name.length;
    let frames = 0;
    let frame = 0;
    const place = () => {
      const field = document.querySelector<HTMLInputElement>('[data-testid="rename-name"]');
      if (field) {
        input.current?.focus();
        field.setSelectionRange(0, end);
      }
      if (++frames < 6) frame = requestAnimationFrame(place);
    };
    frame = requestAnimationFrame(place);
    return () => cancelAnimationFrame(frame);
  }, [item]);
  const before = item.type === 'file' ? extensionOf(item.name) : '';
  const after = extensionOf(form.values.name.trim());
  const extensionWarning =
    item.type === 'file' && before !== '' && before !== after
      ? after === ''
        ? t('driveCommands.rename.extensionRemoved', { from: before })
        : t('driveCommands.rename.extensionChanged', { from: before, to: after })
      : undefined;

  return (
    <Modal
      visible
      data-testid="rename-modal"
      onDismiss={onDismiss}
      header={t(item.type === 'folder' ? 'drive.rename.titleFolder' : 'drive.rename.titleFile')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'rename-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={form.busy} disabled={!form.changed} onClick={() => void form.submit()} nativeButtonAttributes={{ 'data-testid': 'rename-submit' }}>
              {t('drive.rename.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form {...form.formProps}>
        <Form>
          <SpaceBetween size="m">
            {form.conflict && <ConflictAlert message={form.conflict} onReload={() => void form.reload()} reloading={form.reloading} />}
            <FormField
              label={t('drive.rename.nameLabel')}
              description={t('drive.createFolder.nameDescription')}
              errorText={errorText}
              warningText={errorText ? undefined : extensionWarning}
              controlId="rename-name"
            >
              <Input
                ref={input}
                value={form.values.name}
                invalid={!!errorText}
                onChange={({ detail }) => form.change('name', detail.value)}
                nativeInputAttributes={{ 'data-testid': 'rename-name', name: 'name', maxLength: 1000 }}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
