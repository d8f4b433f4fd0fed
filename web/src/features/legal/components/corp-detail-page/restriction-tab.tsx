import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { Tx } from '@/components/translated.tsx';
import { reportRefusal } from '@/lib/api-client.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { searchKeyOf, useDebouncedValue } from '@/lib/paging.ts';
import type { Corp } from '../../api/list-corps.ts';
import { useProductGroups } from '../../api/list-product-groups.ts';
import { saveRestrictions } from '../../api/save-restrictions.ts';
import {
  limitedListOf,
  restrictableProducts,
  restrictionsChanged,
  restrictionsFromCorp,
  withLocked,
  type RestrictableProduct,
  type RestrictionGroup,
  type Restrictions,
} from '../../utils/restrictions.ts';

/**
 * "Reference restriction" tab: per product (knowledge, commerce, dashboard) the user groups of that
 * product that may refer to this legal entity, saved together with the entity's row_version.
 */
export function RestrictionTab({ corp, onSaved, onReload }: { corp: Corp; onSaved: (corp: Corp) => void; onReload: () => Promise<void> }) {
  const [generation, setGeneration] = useState(0);
  // Starts again from the server's entries after a save or a reload.
  return (
    <RestrictionForm
      key={generation}
      corp={corp}
      onSaved={(saved) => {
        onSaved(saved);
        setGeneration((count) => count + 1);
      }}
      onReload={async () => {
        await onReload();
        setGeneration((count) => count + 1);
      }}
    />
  );
}

function RestrictionForm({ corp, onSaved, onReload }: { corp: Corp; onSaved: (corp: Corp) => void; onReload: () => Promise<void> }) {
  const { t } = useTranslation();
  const [initial] = useState(() => restrictionsFromCorp(corp.limited_list));
  const [draft, setDraft] = useState<Restrictions>(initial);
  const [busy, setBusy] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [failure, setFailure] = useState<{ message: string; stale: boolean }>();
  const changed = restrictionsChanged(draft, initial);

  const save = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      // The latest row_version the page knows: a save of the basic information in between is not a conflict.
      const { corp: saved } = await saveRestrictions(
        { corp_id: corp.corp_id, row_version: corp.row_version, limited_list: limitedListOf(draft) },
        { silent: true },
      );
      notify(
        { id: newNotificationId('corp-restrictions'), type: 'success', header: <Tx k="legal.restriction.saved" values={{ name: saved.corp_nm }} />, dismissLabel: t('common.close') },
        5000,
      );
      onSaved(saved);
    } catch (error) {
      reportRefusal(error, (refusal) => setFailure({ message: [refusal.message, ...new Set(Object.values(refusal.fields))].join(' '), stale: refusal.code === codes.editedByAnotherUser.code }));
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  return (
    <Form
      data-testid="corp-restriction-form"
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant="link"
            disabled={!changed || busy}
            onClick={() => setDraft(initial)}
            nativeButtonAttributes={{ 'data-testid': 'corp-restriction-reset' }}
          >
            {t('legal.restriction.reset')}
          </Button>
          <Button
            variant="primary"
            loading={busy}
            disabled={!changed || reloading}
            onClick={() => void save()}
            nativeButtonAttributes={{ 'data-testid': 'corp-restriction-save' }}
          >
            {t('legal.restriction.save')}
          </Button>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="l">
        {failure && (
          <ConflictAlert
            message={failure.message}
            onReload={failure.stale ? () => void reload() : undefined}
            reloading={reloading}
            discardsChanges
            onDismiss={failure.stale ? undefined : () => setFailure(undefined)}
          />
        )}
        <Container header={<Header variant="h2" description={t('legal.restriction.description')}>{t('legal.detail.tabs.restriction')}</Header>}>
          <SpaceBetween size="l">
            {restrictableProducts.map((product) => (
              <ProductGroupsField
                key={product}
                product={product}
                selected={draft[product]}
                disabled={busy}
                onChange={(groups) => setDraft((previous) => ({ ...previous, [product]: withLocked(previous[product], groups) }))}
              />
            ))}
          </SpaceBetween>
        </Container>
      </SpaceBetween>
    </Form>
  );
}

function ProductGroupsField({
  product,
  selected,
  disabled,
  onChange,
}: {
  product: RestrictableProduct;
  selected: RestrictionGroup[];
  disabled: boolean;
  onChange: (groups: RestrictionGroup[]) => void;
}) {
  const { t } = useTranslation();
  const [filterText, setFilterText] = useState('');
  const searchKey = searchKeyOf(useDebouncedValue(filterText));
  const { data, error, isLoading, mutate } = useProductGroups(product, searchKey);
  const lockedIds = new Set(selected.filter((group) => group.locked).map((group) => group.user_group_id));
  const system = t('legal.restriction.system');

  const selectedOptions: MultiselectProps.Option[] = selected.map((group) => ({
    value: group.user_group_id,
    label: group.user_group_nm,
    disabled: group.locked,
    tags: group.locked ? [system] : undefined,
  }));
  const options: MultiselectProps.Option[] = (data?.return_list ?? []).map((group) => ({
    value: group.user_group_id,
    label: group.user_group_nm,
    description: group.note || undefined,
    labelTag: t('legal.restriction.userCount', { count: group.user_count }),
    disabled: lockedIds.has(group.user_group_id),
  }));
  const more = data && data.total_size > data.return_list.length;

  return (
    <FormField
      label={t(`products.${product}`)}
      description={selected.length === 0 ? t('legal.restriction.none') : t('legal.restriction.count', { count: selected.length })}
      constraintText={more ? t('legal.restriction.more', { shown: data.return_list.length, total: data.total_size }) : undefined}
      stretch
    >
      <Multiselect
        data-testid={`corp-restriction-${product}`}
        selectedOptions={selectedOptions}
        options={options}
        disabled={disabled}
        placeholder={t('legal.restriction.placeholder')}
        filteringType="manual"
        filteringPlaceholder={t('legal.restriction.filterPlaceholder')}
        filteringAriaLabel={t('legal.restriction.filterPlaceholder')}
        filteringClearAriaLabel={t('collection.clearFilter')}
        onLoadItems={({ detail }) => {
          setFilterText(detail.filteringText);
          // "Retry" after a failed load asks for the same items again.
          if (error) void mutate();
        }}
        statusType={isLoading ? 'loading' : error ? 'error' : 'finished'}
        loadingText={t('legal.restriction.loadingGroups')}
        errorText={t('notice.networkError')}
        recoveryText={t('common.refresh')}
        empty={searchKey ? t('collection.noMatches') : t('legal.restriction.noGroups')}
        tokenLimit={8}
        deselectAriaLabel={(option) => t('legal.restriction.deselect', { name: option.label ?? option.value ?? '' })}
        i18nStrings={{ tokenLimitShowMore: t('legal.restriction.showMore'), tokenLimitShowFewer: t('legal.restriction.showFewer') }}
        onChange={({ detail }) =>
          onChange(
            detail.selectedOptions.map((option) => ({
              user_group_id: option.value ?? '',
              user_group_nm: option.label ?? option.value ?? '',
              locked: lockedIds.has(option.value ?? ''),
            })),
          )
        }
      />
    </FormField>
  );
}
