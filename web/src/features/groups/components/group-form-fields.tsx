import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import {
  drivePermissions,
  MFA_VALID_DAYS_MAX,
  MFA_VALID_DAYS_MIN,
  twoStepKinds,
  USER_GROUP_NAME_MAX,
  USER_GROUP_NOTE_MAX,
  type ProductArea,
} from '@shared/schemas/groups.ts';
import { drivePermissionNames, twoStepNames, type DrivePermission, type GroupFormValues, type TwoStep } from '../utils/group-form.ts';
import { isProductArea, productOptions } from './group-list-page/table-config.tsx';

export type GroupField = keyof GroupFormValues | 'product';

/** The settings container of the create and edit forms (Cloudscape "create/edit resource"). */
export function GroupFormFields({
  values,
  onChange,
  errorOf,
  product,
  onProductChange,
}: {
  values: GroupFormValues;
  onChange: <K extends keyof GroupFormValues>(field: K, value: GroupFormValues[K]) => void;
  errorOf: (field: GroupField) => string | undefined;
  product: ProductArea;
  /** Absent on edit: a group stays in its product area. */
  onProductChange?: (product: ProductArea) => void;
}) {
  const { t } = useTranslation();
  const options = productOptions(t);
  const driveOptions = drivePermissions.map((value) => ({
    value: String(value),
    label: t(`groups.drivePermission.${drivePermissionNames[value]}`),
    description: t(`groups.form.driveDescriptions.${drivePermissionNames[value]}`),
  }));
  return (
    <Container header={<Header variant="h2">{t('groups.form.settings')}</Header>}>
      <SpaceBetween size="l">
        <FormField label={t('groups.form.product')} description={t('groups.form.productDescription')} errorText={errorOf('product')}>
          <Select
            data-testid="group-form-product"
            disabled={!onProductChange}
            selectedOption={options.find((option) => option.value === product) ?? null}
            options={options}
            onChange={({ detail }) => {
              const value = detail.selectedOption.value;
              if (isProductArea(value)) onProductChange?.(value);
            }}
          />
        </FormField>
        <FormField
          label={t('groups.form.name')}
          constraintText={t('groups.form.nameConstraint', { max: USER_GROUP_NAME_MAX })}
          errorText={errorOf('user_group_nm')}
          controlId="group-form-name"
        >
          <Input
            value={values.user_group_nm}
            invalid={!!errorOf('user_group_nm')}
            onChange={({ detail }) => onChange('user_group_nm', detail.value)}
            nativeInputAttributes={{ 'data-testid': 'group-form-name', name: 'user_group_nm' }}
          />
        </FormField>
        <FormField
          label={t('common.optionalLabel', { label: t('groups.form.note') })}
          constraintText={t('common.maxCharacters', { max: USER_GROUP_NOTE_MAX })}
          errorText={errorOf('note')}
          controlId="group-form-note"
        >
          <Input
            value={values.note}
            invalid={!!errorOf('note')}
            onChange={({ detail }) => onChange('note', detail.value)}
            nativeInputAttributes={{ 'data-testid': 'group-form-note', name: 'note' }}
          />
        </FormField>
        <FormField label={t('groups.form.admin')} description={t('groups.form.adminDescription')} errorText={errorOf('admin_permission')}>
          <Toggle
            checked={values.admin_permission === 1}
            onChange={({ detail }) => onChange('admin_permission', detail.checked ? 1 : 0)}
            nativeInputAttributes={{ 'data-testid': 'group-form-admin' }}
          >
            {values.admin_permission === 1 ? t('groups.form.adminOn') : t('groups.form.adminOff')}
          </Toggle>
        </FormField>
        <FormField label={t('groups.form.drive')} errorText={errorOf('com_drive_permission')}>
          <Select
            data-testid="group-form-drive"
            selectedOption={driveOptions.find((option) => option.value === String(values.com_drive_permission)) ?? null}
            options={driveOptions}
            onChange={({ detail }) => onChange('com_drive_permission', Number(detail.selectedOption.value) as DrivePermission)}
          />
        </FormField>
        <FormField label={t('groups.form.twoStep')} description={t('groups.form.twoStepDescription')} errorText={errorOf('two_step')}>
          <RadioGroup
            data-testid="group-form-two-step"
            value={String(values.two_step)}
            onChange={({ detail }) => onChange('two_step', Number(detail.value) as TwoStep)}
            items={twoStepKinds.map((value) => ({
              value: String(value),
              label: t(`groups.twoStep.${twoStepNames[value]}`),
              description: t(`groups.form.twoStepDescriptions.${twoStepNames[value]}`),
              controlId: `group-form-two-step-${value}`,
            }))}
          />
        </FormField>
        <FormField
          label={t('groups.form.mfaDays')}
          description={t('groups.form.mfaDaysDescription')}
          constraintText={t('groups.form.mfaDaysConstraint', { min: MFA_VALID_DAYS_MIN, max: MFA_VALID_DAYS_MAX })}
          errorText={errorOf('mfa_valid_days')}
          controlId="group-form-mfa-days"
        >
          <div className="group-form-days">
            <Input
              type="number"
              inputMode="numeric"
              value={values.mfa_valid_days}
              invalid={!!errorOf('mfa_valid_days')}
              onChange={({ detail }) => onChange('mfa_valid_days', detail.value)}
              nativeInputAttributes={{
                'data-testid': 'group-form-mfa-days',
                name: 'mfa_valid_days',
                min: MFA_VALID_DAYS_MIN,
                max: MFA_VALID_DAYS_MAX,
                step: 1,
              }}
            />
          </div>
        </FormField>
      </SpaceBetween>
    </Container>
  );
}
