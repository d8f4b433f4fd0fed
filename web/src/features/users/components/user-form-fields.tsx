import { useTranslation } from 'react-i18next';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { languages } from '@shared/messages.ts';
import { drivePermissions, productAreas, type ProductArea } from '@shared/schemas/groups.ts';
import { DEPARTMENT_MAX, EMAIL_MAX, NEW_PASSWORD_MAX, PHONE_MAX, POST_MAX, USER_ID_MAX, USER_NAME_MAX } from '@shared/schemas/users.ts';
import {
  adminFlagField,
  adminProducts,
  lapseFlagField,
  lapseProducts,
  type DrivePermission,
  type UserFormValues,
} from '../utils/user-form.ts';
import { CorpField } from './corp-field.tsx';
import { GroupSelect } from './group-select.tsx';

export type UserFormChange = <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) => void;

const drivePermissionNames = ['none', 'view', 'active', 'update'] as const;

/**
 * The containers of the registration and edit forms. `detailed` false is the simple registration
 * mode: user ID, name, e-mail, password, language and the account group only.
 */
export function UserFormFields({
  values,
  onChange,
  errorOf,
  detailed,
  editing,
  groupNames,
}: {
  values: UserFormValues;
  onChange: UserFormChange;
  errorOf: (field: string) => string | undefined;
  detailed: boolean;
  /** Edit: the user ID is fixed and there is no password field (Reset password does that). */
  editing: boolean;
  /** Names of the current groups per product, shown before the choices load. */
  groupNames: Partial<Record<ProductArea, string>>;
}) {
  const { t } = useTranslation();
  const optional = (label: string) => t('common.optionalLabel', { label });
  const languageOptions = languages.map((language) => ({ value: language, label: t(`languages.${language}`) }));
  const driveOptions = drivePermissions.map((value) => ({ value: String(value), label: t(`groups.drivePermission.${drivePermissionNames[value]}`) }));
  const setGroup = (product: ProductArea, id: string | null) => onChange('groups', { ...values.groups, [product]: id });
  const groupField = (product: ProductArea) => (
    <FormField
      key={product}
      label={detailed ? t(`products.${product}`) : t('users.columns.accountGroup')}
      errorText={errorOf(`groups.${product}`)}
      controlId={`user-form-group-${product}`}
    >
      <GroupSelect
        product={product}
        value={values.groups[product]}
        knownName={groupNames[product]}
        noneLabel={t('users.form.noGroup')}
        testId={`user-form-group-${product}`}
        invalid={!!errorOf(`groups.${product}`)}
        controlId={`user-form-group-${product}`}
        onChange={(group) => setGroup(product, group?.id ?? null)}
      />
    </FormField>
  );

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('users.form.basic')}</Header>}>
        <SpaceBetween size="l">
          <FormField
            label={t('users.columns.userId')}
            constraintText={editing ? undefined : t('users.form.userIdConstraint', { max: USER_ID_MAX })}
            errorText={errorOf('user_id')}
            controlId="user-form-user-id"
          >
            <Input
              value={values.user_id}
              disabled={editing}
              invalid={!!errorOf('user_id')}
              onChange={({ detail }) => onChange('user_id', detail.value)}
              nativeInputAttributes={{ 'data-testid': 'user-form-user-id', name: 'user_id', autoComplete: 'off', spellCheck: false }}
            />
          </FormField>
          <FormField
            label={t('users.columns.name')}
            constraintText={t('users.form.nameConstraint', { max: USER_NAME_MAX })}
            errorText={errorOf('user_nm')}
            controlId="user-form-name"
          >
            <Input
              value={values.user_nm}
              invalid={!!errorOf('user_nm')}
              onChange={({ detail }) => onChange('user_nm', detail.value)}
              nativeInputAttributes={{ 'data-testid': 'user-form-name', name: 'user_nm', autoComplete: 'off' }}
            />
          </FormField>
          <FormField
            label={t('users.columns.email')}
            constraintText={`${t('users.form.emailConstraint')} ${t('common.maxCharacters', { max: EMAIL_MAX })}`}
            errorText={errorOf('email')}
            controlId="user-form-email"
          >
            <Input
              type="email"
              inputMode="email"
              value={values.email}
              invalid={!!errorOf('email')}
              onChange={({ detail }) => onChange('email', detail.value)}
              nativeInputAttributes={{ 'data-testid': 'user-form-email', name: 'email', autoComplete: 'off' }}
            />
          </FormField>
          {detailed && (
            <FormField
              label={optional(t('users.columns.phone'))}
              constraintText={`${t('users.form.phoneConstraint')} ${t('common.maxCharacters', { max: PHONE_MAX })}`}
              errorText={errorOf('phone')}
              controlId="user-form-phone"
            >
              <div className="user-form-short">
                <Input
                  inputMode="tel"
                  value={values.phone}
                  invalid={!!errorOf('phone')}
                  onChange={({ detail }) => onChange('phone', detail.value)}
                  nativeInputAttributes={{ 'data-testid': 'user-form-phone', name: 'phone', autoComplete: 'off' }}
                />
              </div>
            </FormField>
          )}
          {!editing && (
            <FormField
              label={optional(t('users.form.password'))}
              description={t('users.form.passwordDescription')}
              constraintText={t('users.form.passwordConstraint', { max: NEW_PASSWORD_MAX })}
              errorText={errorOf('password')}
              controlId="user-form-password"
            >
              <div className="user-form-short">
                <Input
                  type="password"
                  value={values.password}
                  invalid={!!errorOf('password')}
                  onChange={({ detail }) => onChange('password', detail.value)}
                  nativeInputAttributes={{ 'data-testid': 'user-form-password', name: 'new-password', autoComplete: 'new-password' }}
                />
              </div>
            </FormField>
          )}
          <FormField label={t('users.form.language')} errorText={errorOf('language')} controlId="user-form-language">
            <div className="user-form-short">
              <Select
                data-testid="user-form-language"
                controlId="user-form-language"
                selectedOption={languageOptions.find((option) => option.value === values.language) ?? null}
                options={languageOptions}
                onChange={({ detail }) => {
                  const language = languages.find((value) => value === detail.selectedOption.value);
                  if (language) onChange('language', language);
                }}
              />
            </div>
          </FormField>
          {!detailed && groupField('ata')}
        </SpaceBetween>
      </Container>

      {detailed && (
        <Container header={<Header variant="h2">{t('users.form.organization')}</Header>}>
          <SpaceBetween size="l">
            <FormField label={optional(t('users.form.corp'))} errorText={errorOf('corp_id')}>
              <CorpField
                value={values.corp}
                onChange={(corp) => onChange('corp', corp)}
                testId="user-form-corp"
                noneLabel={t('users.form.noCorp')}
                chooseLabel={t('users.form.chooseCorp')}
                clearLabel={t('users.form.clearCorp')}
              />
            </FormField>
            <ColumnLayout columns={2}>
              <FormField
                label={optional(t('users.columns.department'))}
                constraintText={t('common.maxCharacters', { max: DEPARTMENT_MAX })}
                errorText={errorOf('department')}
                controlId="user-form-department"
              >
                <Input
                  value={values.department}
                  invalid={!!errorOf('department')}
                  onChange={({ detail }) => onChange('department', detail.value)}
                  nativeInputAttributes={{ 'data-testid': 'user-form-department', name: 'department', autoComplete: 'off' }}
                />
              </FormField>
              <FormField
                label={optional(t('users.columns.post'))}
                constraintText={t('common.maxCharacters', { max: POST_MAX })}
                errorText={errorOf('post')}
                controlId="user-form-post"
              >
                <Input
                  value={values.post}
                  invalid={!!errorOf('post')}
                  onChange={({ detail }) => onChange('post', detail.value)}
                  nativeInputAttributes={{ 'data-testid': 'user-form-post', name: 'post', autoComplete: 'off' }}
                />
              </FormField>
            </ColumnLayout>
          </SpaceBetween>
        </Container>
      )}

      {detailed && (
        <Container header={<Header variant="h2" description={t('users.form.groupsDescription')}>{t('users.form.groups')}</Header>}>
          <ColumnLayout columns={2}>{productAreas.map(groupField)}</ColumnLayout>
        </Container>
      )}

      {detailed && (
        <Container header={<Header variant="h2">{t('users.form.permissions')}</Header>}>
          <SpaceBetween size="l">
            <ColumnLayout columns={2}>
              <FormField label={t('users.form.admin')} description={t('users.form.adminDescription')}>
                <SpaceBetween size="xxs">
                  {adminProducts.map((product) => {
                    const field = adminFlagField(product);
                    return (
                      <Checkbox
                        key={product}
                        checked={values[field] === 1}
                        onChange={({ detail }) => onChange(field, detail.checked ? 1 : 0)}
                        nativeInputAttributes={{ 'data-testid': `user-form-admin-${product}` }}
                      >
                        {t(`products.${product}`)}
                      </Checkbox>
                    );
                  })}
                </SpaceBetween>
              </FormField>
              <FormField label={t('users.form.lapse')} description={t('users.form.lapseDescription')}>
                <SpaceBetween size="xxs">
                  {lapseProducts.map((product) => {
                    const field = lapseFlagField(product);
                    return (
                      <Checkbox
                        key={product}
                        checked={values[field] === 1}
                        onChange={({ detail }) => onChange(field, detail.checked ? 1 : 0)}
                        nativeInputAttributes={{ 'data-testid': `user-form-lapse-${product}` }}
                      >
                        {t(`products.${product}`)}
                      </Checkbox>
                    );
                  })}
                </SpaceBetween>
              </FormField>
            </ColumnLayout>
            <FormField label={t('users.form.corpPermission')}>
              <Toggle
                checked={values.ata_corp_permission === 1}
                onChange={({ detail }) => onChange('ata_corp_permission', detail.checked ? 1 : 0)}
                nativeInputAttributes={{ 'data-testid': 'user-form-corp-permission' }}
              >
                {t('users.form.corpPermissionLabel')}
              </Toggle>
            </FormField>
            <FormField label={t('users.form.fileMethod')}>
              <RadioGroup
                data-testid="user-form-file-method"
                value={String(values.file_regist_method)}
                onChange={({ detail }) => onChange('file_regist_method', detail.value === '1' ? 1 : 0)}
                items={[
                  { value: '0', controlId: 'user-form-file-method-0', label: t('users.form.fileMethodSimple') },
                  { value: '1', controlId: 'user-form-file-method-1', label: t('users.form.fileMethodDetailed') },
                ]}
              />
            </FormField>
            <FormField label={t('users.form.indivPermission')} description={t('users.form.indivPermissionDescription')}>
              <SpaceBetween size="s">
                <Toggle
                  checked={values.indiv_permission_flg === 1}
                  onChange={({ detail }) => onChange('indiv_permission_flg', detail.checked ? 1 : 0)}
                  nativeInputAttributes={{ 'data-testid': 'user-form-indiv-permission' }}
                >
                  {t('users.form.indivPermissionLabel')}
                </Toggle>
                {values.indiv_permission_flg === 1 && (
                  <FormField label={t('users.form.indivDrive')} errorText={errorOf('indiv_com_drive_permission')} controlId="user-form-indiv-drive">
                    <div className="user-form-short">
                      <Select
                        data-testid="user-form-indiv-drive"
                        controlId="user-form-indiv-drive"
                        selectedOption={driveOptions.find((option) => option.value === String(values.indiv_com_drive_permission)) ?? null}
                        options={driveOptions}
                        onChange={({ detail }) => onChange('indiv_com_drive_permission', Number(detail.selectedOption.value) as DrivePermission)}
                      />
                    </div>
                  </FormField>
                )}
              </SpaceBetween>
            </FormField>
          </SpaceBetween>
        </Container>
      )}
    </SpaceBetween>
  );
}
