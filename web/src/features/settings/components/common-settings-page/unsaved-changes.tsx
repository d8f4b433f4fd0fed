import { useTranslation } from 'react-i18next';
import { UnsavedChangesModal, useLeaveGuard } from '@/components/unsaved-changes.tsx';

/**
 * Leaving the page with unsaved edits asks first (as on the security policy page); `onDiscard`
 * drops the edits before the navigation goes on.
 */
export function UnsavedChangesGuard({ unsaved, onDiscard }: { unsaved: boolean; onDiscard: () => void }) {
  const { t } = useTranslation();
  const guard = useLeaveGuard(unsaved);
  return (
    <UnsavedChangesModal
      visible={guard.blocked}
      message={t('settings.unsaved.message')}
      onStay={guard.stay}
      onDiscard={() => {
        onDiscard();
        guard.proceed();
      }}
    />
  );
}
