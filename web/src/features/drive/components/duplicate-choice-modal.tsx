import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@/components/app-modal.tsx';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { conflictChoices, type ConflictChoice } from '@shared/schemas/drive.ts';
import { formatBytes, formatDateTime } from '@/lib/format.ts';
import type { ExistingFile } from '../api/check-duplicates.ts';
import { isBookkeepingDocument } from '../utils/bookkeeping.ts';
import { ReasonField, reasonMissing } from './bookkeeping-parts.tsx';

/** The choice every file allows (SPEC.md §4): nothing is lost, so it is where the dialog starts. */
const SAFE_CHOICE: ConflictChoice = 'old_version';

/**
 * Asks, before uploading, what happens to files of the same name already in the folder (SPEC.md §4):
 * keep the old one as an old version, replace it, keep both or delete the old document; one choice
 * per file, or one for all of them. Choices a file's document style refuses are disabled with the
 * reason (the server refuses them too). Keeping a bookkeeping document as an old version makes a
 * new version of it, which is a correction: the dialog then asks for its reason (one for all).
 */
export function DuplicateChoiceModal({
  conflicts,
  onCancel,
  onConfirm,
}: {
  /** `place`: where the file is, for files of dropped folders (their names may repeat across folders). */
  conflicts: (ExistingFile & { place?: string })[];
  onCancel: () => void;
  /** The choice per existing file (by its id); the reason of the corrections, when one was asked. */
  onConfirm: (choices: Map<string, ConflictChoice>, reason: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const many = conflicts.length > 1;
  const [applyToAll, setApplyToAll] = useState(many);
  const [forAll, setForAll] = useState<ConflictChoice>(SAFE_CHOICE);
  const [perFile, setPerFile] = useState<Record<string, ConflictChoice>>(() => Object.fromEntries(conflicts.map((conflict) => [conflict.item.id, SAFE_CHOICE])));
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const labelOf = (conflict: (typeof conflicts)[number]) => (conflict.place ? `${conflict.place} / ${conflict.name}` : conflict.name);

  const styleName = (conflict: ExistingFile) => t(`versions.documentStyles.${conflict.item.document_style ?? 'general'}`);
  const options = (refused: (choice: ConflictChoice) => string | undefined) =>
    conflictChoices.map((choice) => {
      const reason = refused(choice);
      return {
        value: choice,
        label: t(`versions.duplicates.choices.${choice}`),
        description: reason ?? t(`versions.duplicates.choiceDescriptions.${choice}`),
        disabled: reason !== undefined,
      };
    });
  const refusedBySome = (choice: ConflictChoice) =>
    conflicts.some((conflict) => conflict.refused_choices.includes(choice)) ? t('versions.duplicates.refusedReasonSome') : undefined;

  const choiceOf = (conflict: ExistingFile) => (applyToAll && many ? forAll : (perFile[conflict.item.id] ?? SAFE_CHOICE));
  // A new version of a bookkeeping document is a correction with a reason.
  const needsReason = conflicts.some((conflict) => choiceOf(conflict) === 'old_version' && isBookkeepingDocument(conflict.item));
  const reasonError = needsReason && submitted && reasonMissing(reason) ? t('validation.bookkeepingReasonRequired') : undefined;

  const confirm = () => {
    setSubmitted(true);
    if (needsReason && reasonMissing(reason)) return;
    const choices = new Map(conflicts.map((conflict) => [conflict.item.id, choiceOf(conflict)]));
    onConfirm(choices, needsReason ? reason : undefined);
  };

  return (
    <Modal
      visible
      data-testid="duplicate-modal"
      size={many && !applyToAll ? 'large' : 'medium'}
      onDismiss={onCancel}
      header={t('versions.duplicates.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} nativeButtonAttributes={{ 'data-testid': 'duplicate-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" onClick={confirm} nativeButtonAttributes={{ 'data-testid': 'duplicate-submit' }}>
              {t('versions.duplicates.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">
          {many ? t('versions.duplicates.descriptionMany', { count: conflicts.length }) : t('versions.duplicates.descriptionOne', { name: conflicts[0] ? labelOf(conflicts[0]) : '' })}
        </Box>
        {many && (
          <Checkbox checked={applyToAll} onChange={({ detail }) => setApplyToAll(detail.checked)} nativeInputAttributes={{ 'data-testid': 'duplicate-apply-all' }}>
            {t('versions.duplicates.applyToAll', { count: conflicts.length })}
          </Checkbox>
        )}
        {applyToAll && many ? (
          <FormField label={t('versions.duplicates.allLabel')}>
            <RadioGroup
              data-testid="duplicate-choice-all"
              value={forAll}
              onChange={({ detail }) => setForAll(detail.value as ConflictChoice)}
              items={options(refusedBySome)}
              ariaLabel={t('versions.duplicates.allLabel')}
            />
          </FormField>
        ) : (
          conflicts.map((conflict, index) => (
            <FormField
              key={conflict.item.id}
              label={many ? labelOf(conflict) : undefined}
              description={
                <>
                  {t('versions.duplicates.existing', {
                    version: conflict.item.version,
                    size: formatBytes(conflict.item.size),
                    date: formatDateTime(conflict.item.update_date, language),
                  })}
                  {conflict.refused_choices.length > 0 && (
                    <>
                      <br />
                      {t('versions.duplicates.legalNote', { style: styleName(conflict) })}
                    </>
                  )}
                </>
              }
            >
              <RadioGroup
                data-testid={`duplicate-choice-${index}`}
                data-file-name={conflict.name}
                value={perFile[conflict.item.id] ?? SAFE_CHOICE}
                onChange={({ detail }) => setPerFile((current) => ({ ...current, [conflict.item.id]: detail.value as ConflictChoice }))}
                items={options((choice) => (conflict.refused_choices.includes(choice) ? t('versions.duplicates.refusedReason', { style: styleName(conflict) }) : undefined))}
                ariaLabel={t('versions.duplicates.choiceLabel', { name: labelOf(conflict) })}
              />
            </FormField>
          ))
        )}
        {needsReason && (
          <ReasonField
            kind="correction"
            value={reason}
            onChange={setReason}
            errorText={reasonError}
            description={t('bookkeeping.duplicate.reasonNote')}
            testId="duplicate-reason"
          />
        )}
      </SpaceBetween>
    </Modal>
  );
}
