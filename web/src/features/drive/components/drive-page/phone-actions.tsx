import { useTranslation } from 'react-i18next';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';

/**
 * The drive's header below 688 px: every action of the page in one menu (Upload, Create folder,
 * Preview, Download, ZIP, the Actions menu's items, Delete, Refresh), with the same enabled states
 * and reasons as the buttons they stand for, so no button row pushes the first file off the screen.
 */
export function PhoneActions({
  mayAdd, canPreview, canDownload, downloadReason, previewReason, canZip, canTrash, actionItems, commandItems, onRun,
}: {
  mayAdd: boolean;
  /** Preview takes one ready file (default: as Download). */
  canPreview?: boolean;
  canDownload: boolean;
  downloadReason: string;
  previewReason: string;
  canZip: boolean;
  canTrash: boolean;
  actionItems: ButtonDropdownProps.Item[];
  /** The commands' own menu items (commands.tsx `menuItems`), in the menu's order: when given, they stand for Preview to Delete. */
  commandItems?: ButtonDropdownProps.Item[];
  onRun: (id: string) => void;
}) {
  const { t } = useTranslation();
  const items: ButtonDropdownProps.ItemOrGroup[] = [
    ...(mayAdd
      ? [
          { id: 'upload', text: t('drive.actions.upload'), iconName: 'upload' as const },
          { id: 'createFolder', text: t('drive.actions.createFolder'), iconName: 'folder' as const },
        ]
      : []),
    ...(commandItems ?? [
      { id: 'preview', text: t('preview.action'), iconName: 'file-open' as const, disabled: !(canPreview ?? canDownload), disabledReason: previewReason },
      { id: 'download', text: t('drive.actions.download'), iconName: 'download' as const, disabled: !canDownload, disabledReason: downloadReason },
      { id: 'zip', text: t('driveJobs.zipAction'), disabled: !canZip, disabledReason: t('driveJobs.zipDisabled') },
      ...actionItems,
      ...(mayAdd ? [{ id: 'delete', text: t('drive.actions.delete'), disabled: !canTrash, disabledReason: t('drive.actions.deleteDisabled') }] : []),
    ]),
    { id: 'refresh', text: t('drive.actions.refresh'), iconName: 'refresh' },
  ];
  return (
    <ButtonDropdown items={items} onItemClick={({ detail }) => onRun(detail.id)} expandToViewport data-testid="drive-phone-actions">
      {t('driveViews.phone.actions')}
    </ButtonDropdown>
  );
}
