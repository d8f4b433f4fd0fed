import { useTranslation } from 'react-i18next';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { CORP_ADDRESS_MAX, CORP_CODE_WIDTH_MAX, CORP_NAME_MAX, CORP_NOTE_MAX, displayWidth } from '@shared/schemas/legal.ts';
import type { CorpFormValues } from '../utils/corp-form.ts';

/** The fields of the register form and of the basic-information tab in edit mode. */
export function CorpFormFields({
  values,
  onChange,
  errorOf,
}: {
  values: CorpFormValues;
  onChange: <K extends keyof CorpFormValues>(field: K, value: CorpFormValues[K]) => void;
  errorOf: (field: keyof CorpFormValues) => string | undefined;
}) {
  const { t } = useTranslation();
  const optional = (label: string) => t('common.optionalLabel', { label });
  return (
    <SpaceBetween size="l">
      <FormField
        label={t('legal.columns.code')}
        description={t('legal.form.codeDescription')}
        constraintText={t('legal.form.codeConstraint', { width: displayWidth(values.corp_cd), max: CORP_CODE_WIDTH_MAX })}
        errorText={errorOf('corp_cd')}
        controlId="corp-form-code"
      >
        <Input
          value={values.corp_cd}
          invalid={!!errorOf('corp_cd')}
          onChange={({ detail }) => onChange('corp_cd', detail.value)}
          nativeInputAttributes={{ 'data-testid': 'corp-form-code', name: 'corp_cd', autoComplete: 'off' }}
        />
      </FormField>
      <FormField
        label={t('legal.columns.name')}
        constraintText={t('legal.form.requiredMax', { max: CORP_NAME_MAX })}
        errorText={errorOf('corp_nm')}
        controlId="corp-form-name"
      >
        <Input
          value={values.corp_nm}
          invalid={!!errorOf('corp_nm')}
          onChange={({ detail }) => onChange('corp_nm', detail.value)}
          nativeInputAttributes={{ 'data-testid': 'corp-form-name', name: 'corp_nm', autoComplete: 'organization' }}
        />
      </FormField>
      <FormField
        label={optional(t('legal.columns.address'))}
        constraintText={t('common.maxCharacters', { max: CORP_ADDRESS_MAX })}
        errorText={errorOf('address')}
        controlId="corp-form-address"
      >
        <Input
          value={values.address}
          invalid={!!errorOf('address')}
          onChange={({ detail }) => onChange('address', detail.value)}
          nativeInputAttributes={{ 'data-testid': 'corp-form-address', name: 'address', autoComplete: 'street-address' }}
        />
      </FormField>
      <FormField
        label={optional(t('legal.columns.tel'))}
        constraintText={t('legal.form.telConstraint')}
        errorText={errorOf('tel')}
        controlId="corp-form-tel"
      >
        <div className="corp-form-tel">
          <Input
            inputMode="tel"
            value={values.tel}
            invalid={!!errorOf('tel')}
            onChange={({ detail }) => onChange('tel', detail.value)}
            nativeInputAttributes={{ 'data-testid': 'corp-form-tel', name: 'tel', autoComplete: 'tel' }}
          />
        </div>
      </FormField>
      <FormField
        label={optional(t('legal.columns.note'))}
        constraintText={t('common.maxCharacters', { max: CORP_NOTE_MAX })}
        errorText={errorOf('note')}
        controlId="corp-form-note"
      >
        <Textarea
          value={values.note}
          rows={3}
          invalid={!!errorOf('note')}
          onChange={({ detail }) => onChange('note', detail.value)}
          nativeTextareaAttributes={{ 'data-testid': 'corp-form-note', name: 'note' }}
        />
      </FormField>
    </SpaceBetween>
  );
}
