import type { FieldView } from '@ampelos/domain';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListCheck } from '@tabler/icons-react';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialog } from '../../../components/lazy-parts.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { canBuy, useCart } from '../api/get-cart.ts';

// The multi-field chooser is fetched when the dialog first opens.
const BulkReportsModal = lazy(async () => ({
  default: (await import('./bulk-reports-modal.tsx')).BulkReportsModal,
}));

/** Opens "Add multiple reports" (create Report and read Cart); the route supplies the caller's fields. */
export function BulkReportsButton({ fields }: { fields: readonly FieldView[] | undefined }) {
  const { t } = useTranslation();
  const authorization = useAuthorization();
  const cart = useCart();
  const [opened, modal] = useDisclosure(false);
  const inCart = useMemo(
    () =>
      new Set([
        ...(cart.data?.cartItems.map((item) => item.fieldUuid) ?? []),
        ...(fields ?? [])
          .filter((field) => field.Reports.some((report) => report.status === 'pending'))
          .map((field) => field.uuid),
      ]),
    [cart.data, fields],
  );
  if (!canBuy(authorization)) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconListCheck size={16} />}
        onClick={modal.open}
        disabled={!fields}
        data-testid="bulk-reports-open"
      >
        {t('services.bulkOpen')}
      </Button>
      <LazyDialog opened={opened}>
        <BulkReportsModal opened={opened} onClose={modal.close} fields={fields ?? []} inCart={inCart} />
      </LazyDialog>
    </>
  );
}
