import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Toggle from '@cloudscape-design/components/toggle';
import { settingsRanges, type SettingsDraft, type SettingsFlagField, type SettingsNumberField, type SettingsTextField } from '../../utils/settings-form.ts';

/** `settings-<field>` with hyphens, e.g. settings-trash-retention-days (on the native control); the FormField is `settings-field-<field>`. */
export const settingsTestId = (field: string): string => `settings-${field.replaceAll('_', '-')}`;
export const settingsFieldTestId = (field: string): string => `settings-field-${field.replaceAll('_', '-')}`;

export interface FieldsProps {
  draft: SettingsDraft;
  disabled: boolean;
  errors: Record<string, string>;
  onChange: <K extends keyof SettingsDraft>(field: K, value: SettingsDraft[K]) => void;
}

/**
 * A whole number typed as text, its range (the shared schema's) under it; `noLimit`: 0 means no
 * limit (said in the constraint, and beside the input while it is 0).
 */
export function NumberField({
  field,
  noLimit = false,
  ...props
}: FieldsProps & { field: SettingsNumberField; noLimit?: boolean }) {
  const { t } = useTranslation();
  const { min, max } = settingsRanges[field];
  const value = props.draft[field];
  const error = props.errors[field];
  const bounds = { min: min.toLocaleString('en'), max: max.toLocaleString('en') };
  return (
    <FormField
      label={t(`settings.fields.${field}.label`)}
      description={t(`settings.fields.${field}.description`)}
      constraintText={noLimit ? t('settings.links.rangeNoLimit', bounds) : t('settings.range', bounds)}
      errorText={error}
      controlId={settingsTestId(field)}
      data-testid={settingsFieldTestId(field)}
    >
      <div className="settings-number">
        <div className="settings-number-input">
          <Input
            type="number"
            inputMode="numeric"
            value={value}
            disabled={props.disabled}
            invalid={!!error}
            onChange={({ detail }) => props.onChange(field, detail.value)}
            nativeInputAttributes={{ 'data-testid': settingsTestId(field), name: field, min, max, step: 1 }}
          />
        </div>
        {noLimit && value.trim() === '0' && (
          <Box color="text-status-inactive" variant="span" data-testid={`${settingsTestId(field)}-no-limit`}>
            {t('settings.links.noLimit')}
          </Box>
        )}
      </div>
    </FormField>
  );
}

/** An on/off setting as a toggle with its state spelt out. */
export function FlagField({ field, ...props }: FieldsProps & { field: SettingsFlagField }) {
  const { t } = useTranslation();
  const checked = props.draft[field];
  return (
    <FormField
      label={t(`settings.fields.${field}.label`)}
      description={t(`settings.fields.${field}.description`)}
      errorText={props.errors[field]}
      data-testid={settingsFieldTestId(field)}
    >
      <Toggle
        checked={checked}
        disabled={props.disabled}
        onChange={({ detail }) => props.onChange(field, detail.checked)}
        nativeInputAttributes={{ 'data-testid': settingsTestId(field) }}
      >
        {checked ? t('settings.on') : t('settings.off')}
      </Toggle>
    </FormField>
  );
}

/** A line of text (empty: not set); `constraintText` and `placeholder` say what it takes. */
export function TextField({
  field,
  constraintText,
  placeholder,
  ...props
}: FieldsProps & { field: SettingsTextField; constraintText?: string; placeholder?: string }) {
  const { t } = useTranslation();
  const error = props.errors[field];
  return (
    <FormField
      label={t(`settings.fields.${field}.label`)}
      description={t(`settings.fields.${field}.description`)}
      constraintText={constraintText}
      errorText={error}
      controlId={settingsTestId(field)}
      data-testid={settingsFieldTestId(field)}
    >
      <Input
        value={props.draft[field]}
        placeholder={placeholder}
        disabled={props.disabled}
        invalid={!!error}
        onChange={({ detail }) => props.onChange(field, detail.value)}
        nativeInputAttributes={{ 'data-testid': settingsTestId(field), name: field }}
      />
    </FormField>
  );
}
