import type { FieldView } from '@ampelos/domain';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialog } from '../../../components/lazy-parts.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { canBuy, useCart } from '../api/get-cart.ts';

// The package chooser is fetched when the dialog first opens.
const PackageChooserModal = lazy(async () => ({
  default: (await import('./package-chooser-modal.tsx')).PackageChooserModal,
}));

/**
 * "Choose Service" on the field page (create Report and read Cart permissions). Disabled with
 * "Already added to cart" while the field has pending reports in the cart (a colleague's cart answers
 * 409 with the same text).
 */
export function ChooseServiceButton({ field }: { field: FieldView }) {
  const { t } = useTranslation();
  const authorization = useAuthorization();
  const cart = useCart();
  const [opened, modal] = useDisclosure(false);
  if (!canBuy(authorization)) return null;

  const inCart =
    field.Reports.some((report) => report.status === 'pending') ||
    (cart.data?.cartItems.some((item) => item.fieldUuid === field.uuid) ?? false);
  const title = inCart ? t('services.alreadyInCart') : undefined;

  return (
    <>
      {/* A disabled button gets no pointer events: the wrapper carries the title for hovering. */}
      <span title={title}>
        <Button
          leftSection={<IconShoppingCartPlus size={16} />}
          onClick={modal.open}
          disabled={inCart}
          title={title}
          data-testid="choose-service"
        >
          {t('services.chooseService')}
        </Button>
      </span>
      <LazyDialog opened={opened}>
        <PackageChooserModal field={field} opened={opened} onClose={modal.close} />
      </LazyDialog>
    </>
  );
}
