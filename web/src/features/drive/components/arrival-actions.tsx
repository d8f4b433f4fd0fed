import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { dismiss, newNotificationId, notify } from '@/lib/notifications.ts';
import { isAbortError, reportApiError } from '@/lib/api-client.ts';
import type { ArrivalOutcome } from '@shared/schemas/arrivals.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { acceptArrivals } from '../api/accept-arrivals.ts';
import { rejectArrivals } from '../api/reject-arrivals.ts';
import { flashBulkOutcome } from '../utils/bulk-flash.tsx';
import { arrivalOutcome } from '../utils/arrival.ts';

/** The flash of an accept or reject: how many went through, and each refused file with its reason in words. */
export function reportArrivals(kind: 'accept' | 'reject', sent: DriveItem[], answer: ArrivalOutcome, t: TFunction): void {
  const outcome = arrivalOutcome(sent, answer, t);
  const count = outcome.done.length;
  const done = count === 0 ? undefined : t(kind === 'accept' ? 'arrivals.outcome.accepted' : 'arrivals.outcome.rejected', { count });
  const failed = t(kind === 'accept' ? 'arrivals.outcome.acceptRefused' : 'arrivals.outcome.rejectRefused', { count: outcome.failed.length });
  flashBulkOutcome(outcome, { done, failed }, { idPrefix: `arrivals-${kind}`, testId: 'arrival-refusals', closeLabel: t('common.close') });
}

/** Accepts received files at once (nothing is lost: accepting only applies the style), with a progress flash, then the outcome's. */
export async function acceptReceived(items: DriveItem[], t: TFunction): Promise<boolean> {
  const progress = newNotificationId('arrivals-accepting');
  notify({ id: progress, type: 'in-progress', loading: true, dismissible: false, header: t('arrivals.commands.accepting', { count: items.length }) });
  try {
    const answer = await acceptArrivals({ ids: items.map((item) => item.id) }, { silent: true });
    dismiss(progress);
    reportArrivals('accept', items, answer, t);
    return true;
  } catch (error) {
    dismiss(progress);
    if (!isAbortError(error)) reportApiError(error);
    return false;
  }
}

/** Confirms rejecting received files: they are deleted for good (never accepted, so no trash); lists them. */
export function RejectArrivalsModal({ items, onDismiss, onDone }: { items: DriveItem[]; onDismiss: () => void; onDone: (answer: ArrivalOutcome) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      onDone(await rejectArrivals({ ids: items.map((item) => item.id) }, { silent: true }));
    } catch (error) {
      if (!isAbortError(error)) reportApiError(error);
      onDismiss();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      visible
      data-testid="reject-arrivals-modal"
      initialFocus="dialog"
      onDismiss={onDismiss}
      header={t('arrivals.reject.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'reject-arrivals-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void confirm()} nativeButtonAttributes={{ 'data-testid': 'reject-arrivals-submit' }}>
              {t('arrivals.reject.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Alert type="warning">{t('arrivals.reject.body', { count: items.length })}</Alert>
        <ul data-testid="reject-arrivals-list">
          {items.map((item) => (
            <li key={item.id} data-item-name={item.name}>
              <strong>{item.name}</strong>
            </li>
          ))}
        </ul>
      </SpaceBetween>
    </Modal>
  );
}
