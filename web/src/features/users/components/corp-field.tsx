import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CorpSelectModal } from '@/components/corp-select-modal.tsx';
import type { CorpRef } from '../utils/user-form.ts';

/** The chosen legal entity with Choose/Change and Remove; choosing opens the shared selection dialog. */
export function CorpField({
  value,
  onChange,
  testId,
  noneLabel,
  chooseLabel,
  clearLabel,
}: {
  value: CorpRef | null;
  onChange: (corp: CorpRef | null) => void;
  testId: string;
  noneLabel: string;
  chooseLabel: string;
  clearLabel: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <Box data-testid={`${testId}-value`} color={value ? 'inherit' : 'text-body-secondary'}>
          {value?.corp_nm ?? noneLabel}
        </Box>
        <Button formAction="none" onClick={() => setOpen(true)} nativeButtonAttributes={{ 'data-testid': testId }}>
          {value ? t('users.form.changeCorp') : chooseLabel}
        </Button>
        {value && (
          <Button formAction="none" variant="inline-link" onClick={() => onChange(null)} nativeButtonAttributes={{ 'data-testid': `${testId}-clear` }}>
            {clearLabel}
          </Button>
        )}
      </SpaceBetween>
      {open && (
        <CorpSelectModal
          selectedId={value?.corp_id}
          onDismiss={() => setOpen(false)}
          onSelect={(corp) => {
            setOpen(false);
            onChange({ corp_id: corp.corp_id, corp_nm: corp.corp_nm });
          }}
        />
      )}
    </>
  );
}
