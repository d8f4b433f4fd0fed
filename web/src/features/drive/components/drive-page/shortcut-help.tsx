import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@/components/app-modal.tsx';
import type { TextKey } from '@/components/translated.tsx';
import { driveShortcuts } from './use-drive-shortcuts.ts';
import './context-menu.css';

/** The drive's keyboard shortcuts (`?`), loaded on first use. */
export function ShortcutHelp({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      visible
      data-testid="shortcut-help"
      onDismiss={onDismiss}
      header={t('driveCommands.shortcuts.title')}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'shortcut-help-close' }}>
            {t('driveCommands.shortcuts.close')}
          </Button>
        </Box>
      }
    >
      <Box variant="p">{t('driveCommands.shortcuts.intro')}</Box>
      <table className="drive-shortcut-table">
        <thead>
          <tr>
            <th scope="col">{t('driveCommands.shortcuts.key')}</th>
            <th scope="col">{t('driveCommands.shortcuts.does')}</th>
          </tr>
        </thead>
        <tbody>
          {driveShortcuts.map((shortcut) => (
            <tr key={shortcut.text} data-shortcut={shortcut.keys.join(' ')}>
              <td>
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ' / '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{t(shortcut.text as TextKey)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
