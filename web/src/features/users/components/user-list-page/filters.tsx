import { useTranslation } from 'react-i18next';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import { productAreas, type ProductArea } from '@shared/schemas/groups.ts';
import type { UserListFilters } from '../../utils/list-filters.ts';
import type { UserStatus } from '../../utils/user-form.ts';
import { CorpField } from '../corp-field.tsx';
import { GroupSelect } from '../group-select.tsx';

const statusSegments = [
  { id: 'user-filter-status-all', value: 'all', key: 'all' },
  { id: 'user-filter-status-available', value: 0, key: 'available' },
  { id: 'user-filter-status-suspended', value: 1, key: 'suspended' },
  { id: 'user-filter-status-locked', value: 9, key: 'locked' },
] as const;

/** Group (product area + group), legal entity, department, post and status filters of the user list. */
export function UserFilters({ filters, onChange }: { filters: UserListFilters; onChange: (filters: UserListFilters) => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<UserListFilters>) => onChange({ ...filters, ...patch });
  const productOptions = productAreas.map((product) => ({ value: product, label: t(`products.${product}`) }));
  return (
    <>
      <FormField label={t('users.filters.product')} controlId="user-filter-product">
        <Select
          data-testid="user-filter-product"
          controlId="user-filter-product"
          selectedOption={productOptions.find((option) => option.value === filters.product) ?? null}
          options={productOptions}
          onChange={({ detail }) => {
            const product = productAreas.find((value) => value === detail.selectedOption.value) as ProductArea | undefined;
            if (product && product !== filters.product) set({ product, group: null });
          }}
        />
      </FormField>
      <FormField label={t('users.filters.group')} controlId="user-filter-group">
        <div className="user-filter-group">
          <GroupSelect
            key={filters.product}
            product={filters.product}
            value={filters.group?.id ?? null}
            knownName={filters.group?.name}
            noneLabel={t('users.filters.anyGroup')}
            testId="user-filter-group"
            controlId="user-filter-group"
            onChange={(group) => set({ group })}
          />
        </div>
      </FormField>
      <FormField label={t('users.filters.corp')}>
        <CorpField
          value={filters.corp}
          onChange={(corp) => set({ corp })}
          testId="user-filter-corp"
          noneLabel={t('users.filters.anyCorp')}
          chooseLabel={t('users.filters.chooseCorp')}
          clearLabel={t('users.filters.clearCorp')}
        />
      </FormField>
      <FormField label={t('users.filters.department')} controlId="user-filter-department">
        <Input
          type="search"
          value={filters.department}
          onChange={({ detail }) => set({ department: detail.value })}
          nativeInputAttributes={{ 'data-testid': 'user-filter-department', autoComplete: 'off' }}
        />
      </FormField>
      <FormField label={t('users.filters.post')} controlId="user-filter-post">
        <Input
          type="search"
          value={filters.post}
          onChange={({ detail }) => set({ post: detail.value })}
          nativeInputAttributes={{ 'data-testid': 'user-filter-post', autoComplete: 'off' }}
        />
      </FormField>
      {/* Labelled by the field's own label: `label` would show it a second time where the control turns into a select (phones). */}
      <FormField label={t('users.filters.status')} controlId="user-filter-status">
        <SegmentedControl
          data-testid="user-filter-status"
          ariaLabelledby="user-filter-status-label"
          selectedId={statusSegments.find((segment) => segment.value === filters.status)?.id ?? null}
          options={statusSegments.map((segment) => ({ id: segment.id, text: t(`users.status.${segment.key}`) }))}
          onChange={({ detail }) => {
            const segment = statusSegments.find((option) => option.id === detail.selectedId);
            if (segment) set({ status: segment.value as UserStatus | 'all' });
          }}
        />
      </FormField>
    </>
  );
}
