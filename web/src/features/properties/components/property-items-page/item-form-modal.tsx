import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@/components/app-modal.tsx';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { duplicateValue, propertyItemSaveRequest, propertyTypes, type PropertyType } from '@shared/schemas/property-items.ts';
import { ApiError } from '@/lib/api-client.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import type { PropertyItem } from '@/lib/property-items-api.ts';
import { savePropertyItem, type SavePropertyItemRequest } from '../../api/save-property-item.ts';
import { ValueList, type ValueNode } from './value-list.tsx';

interface Draft {
  name: string;
  required: boolean;
  used: boolean;
  type: PropertyType;
  length: string;
  unit: string;
  values: ValueNode[];
  layers: 2 | 3;
  options: ValueNode[];
}

const draftOf = (item: PropertyItem | undefined): Draft => ({
  name: item?.name ?? '',
  required: item?.required === 1,
  used: item ? item.used === 1 : true,
  type: item?.type ?? 'text',
  length: item?.length === undefined ? '' : String(item.length),
  unit: item?.unit ?? '',
  values: structuredClone(item?.values ?? [{ name: '' }]),
  layers: item?.layers === 3 ? 3 : 2,
  options: structuredClone((item?.options as ValueNode[] | undefined) ?? [{ name: '', children: [{ name: '' }] }]),
});

function bodyOf(item: PropertyItem | undefined, draft: Draft): SavePropertyItemRequest {
  const sized = draft.type === 'text' || draft.type === 'number';
  const length = draft.length.trim() === '' ? undefined : Number(draft.length.normalize('NFKC'));
  return {
    ...(item ? { item_no: item.item_no, row_version: item.row_version } : {}),
    name: draft.name, required: draft.required ? 1 : 0, used: draft.used ? 1 : 0, type: draft.type,
    ...(sized && length !== undefined ? { length } : {}),
    ...(sized && draft.unit.trim() ? { unit: draft.unit } : {}),
    ...(draft.type === 'fixed' ? { values: draft.values.map(({ id, name }) => ({ ...(id ? { id } : {}), name })) } : {}),
    ...(draft.type === 'dropdown' ? { layers: draft.layers, options: draft.options as SavePropertyItemRequest['options'] } : {}),
  };
}

/** Create or edit one property item: its name, flags, type and what the type needs (length and unit, fixed values, layered dropdown values). */
export function ItemFormModal({ item, onDismiss, onSaved }: { item?: PropertyItem | undefined; onDismiss: () => void; onSaved: (item: PropertyItem) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const body = bodyOf(item, draft);
  const check = (): Record<string, string> => {
    const errors = fieldErrors(propertyItemSaveRequest, body, t);
    const duplicate = duplicateValue(body);
    if (duplicate) errors[duplicate.path.join('.')] ??= t(`code.${duplicate.code}`);
    return errors;
  };
  const errors = { ...(submitted ? check() : {}), ...serverErrors };
  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setServerErrors({});
    setFailure(undefined);
  };
  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(check()).length) return;
    setBusy(true);
    try {
      onSaved((await savePropertyItem(body, { silent: true })).item);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setServerErrors(error.fields);
      setFailure(error.message);
    } finally {
      setBusy(false);
    }
  };
  const typeOptions = propertyTypes.map((type) => ({ value: type, label: t(`properties.types.${type}`) }));
  const layerOptions = [2, 3].map((count) => ({ value: String(count), label: t('properties.layersCount', { count }) }));
  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      header={item ? t('properties.formEdit', { no: item.item_no }) : t('properties.formCreate')}
      data-testid="property-form"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>{t('properties.cancel')}</Button>
            <Button variant="primary" loading={busy} onClick={() => void submit()} nativeButtonAttributes={{ 'data-testid': 'property-save' }}>{t('properties.save')}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <Form errorText={failure} data-testid="property-form-body">
        <SpaceBetween size="m">
          <ColumnLayout columns={2}>
            <FormField label={t('properties.form.name')} errorText={errors.name}>
              <Input value={draft.name} onChange={({ detail }) => change({ name: detail.value })} data-testid="property-name" />
            </FormField>
            <FormField label={t('properties.form.type')} errorText={errors.type}>
              <Select
                selectedOption={typeOptions.find((option) => option.value === draft.type) ?? null}
                options={typeOptions}
                onChange={({ detail }) => change({ type: detail.selectedOption.value as PropertyType })}
                data-testid="property-type"
              />
            </FormField>
            <FormField description={t('properties.form.requiredDescription')}>
              <Checkbox checked={draft.required} onChange={({ detail }) => change({ required: detail.checked })} data-testid="property-required">{t('properties.form.required')}</Checkbox>
            </FormField>
            <FormField description={t('properties.form.usedDescription')}>
              <Checkbox checked={draft.used} onChange={({ detail }) => change({ used: detail.checked })} data-testid="property-used">{t('properties.form.used')}</Checkbox>
            </FormField>
            {(draft.type === 'text' || draft.type === 'number') && (
              <>
                <FormField label={draft.type === 'text' ? t('properties.form.length') : t('properties.form.digits')} errorText={errors.length}>
                  <Input value={draft.length} inputMode="numeric" onChange={({ detail }) => change({ length: detail.value })} data-testid="property-length" />
                </FormField>
                <FormField label={t('properties.form.unit')} constraintText={t('properties.form.unitHint')} errorText={errors.unit}>
                  <Input value={draft.unit} onChange={({ detail }) => change({ unit: detail.value })} data-testid="property-unit" />
                </FormField>
              </>
            )}
            {draft.type === 'dropdown' && (
              <FormField label={t('properties.form.layers')} errorText={errors.layers}>
                <Select
                  selectedOption={layerOptions.find((option) => option.value === String(draft.layers)) ?? null}
                  options={layerOptions}
                  onChange={({ detail }) => change({ layers: Number(detail.selectedOption.value) as 2 | 3 })}
                  data-testid="property-layers"
                />
              </FormField>
            )}
          </ColumnLayout>
          {draft.type === 'fixed' && (
            <FormField label={t('properties.form.values')} description={t('properties.form.valuesDescription')} errorText={errors.values} stretch>
              <ValueList nodes={draft.values} path="values" depth={1} errors={errors} onChange={(values) => change({ values })} />
            </FormField>
          )}
          {draft.type === 'dropdown' && (
            <FormField label={t('properties.form.options')} description={t('properties.form.optionsDescription')} errorText={errors.options} stretch>
              <ValueList nodes={draft.options} path="options" depth={draft.layers} errors={errors} onChange={(options) => change({ options })} />
            </FormField>
          )}
        </SpaceBetween>
      </Form>
    </Modal>
  );
}
