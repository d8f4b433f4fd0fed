import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { productAreas } from '@shared/schemas/groups.ts';
import type { UserDetail } from '@shared/schemas/users.ts';
import { adminFlagField, adminProducts, lapseFlagField, lapseProducts } from '../../../utils/user-form.ts';
import { useProductList } from './format.ts';

const drivePermissionNames = ['none', 'view', 'active', 'update'] as const;

/** "Groups and permissions": the group of every product area, administrator and lapse flags, individual permissions. */
export function GroupsContainer({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const productList = useProductList();
  return (
    <Container header={<Header variant="h2">{t('users.detail.groups')}</Header>}>
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={4}
          items={productAreas.map((product) => ({
            label: t(`products.${product}`),
            value: <span data-testid={`user-view-group-${product}`}>{user.group_names[product] || t('users.form.noGroup')}</span>,
          }))}
        />
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('users.detail.adminProducts'), value: productList(adminProducts.filter((product) => user[adminFlagField(product)] === 1)) },
            { label: t('users.detail.lapseProducts'), value: productList(lapseProducts.filter((product) => user[lapseFlagField(product)] === 1)) },
            { label: t('users.form.corpPermission'), value: user.ata_corp_permission === 1 ? t('users.detail.yes') : t('users.detail.no') },
            { label: t('users.form.fileMethod'), value: user.file_regist_method === 1 ? t('users.form.fileMethodDetailed') : t('users.form.fileMethodSimple') },
            {
              label: t('users.form.indivPermission'),
              value:
                user.indiv_permission_flg === 1
                  ? t('users.detail.individual', {
                      permission: t(`groups.drivePermission.${drivePermissionNames[user.indiv_com_drive_permission] ?? 'none'}`),
                    })
                  : t('users.detail.none'),
            },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}
