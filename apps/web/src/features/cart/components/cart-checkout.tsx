import { CART_STEPS, type InvoiceDetails, type OrderView } from '@ampelos/domain';
import { Alert, Button, Center, Group, Loader, Stack, Stepper, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/auth.ts';
import { useCompany } from '../../../lib/company.ts';
import { usePublicConfig, wireTransferOffered } from '../../../lib/public-config.ts';
import type { CheckedCoupon } from '../api/check-coupon.ts';
import { type OrderInput, useCreateOrder } from '../api/create-order.ts';
import { useCart } from '../api/get-cart.ts';
import { billingProblem, choosesTransactionType, displayedTotals, newIdempotencyKey } from '../cart-rules.ts';
import { BillingStep } from './billing-step.tsx';
import { CartStep } from './cart-step.tsx';
import type { CheckoutSlots } from './checkout-slots.ts';
import { ConfirmShootDatesModal } from './confirm-shoot-dates-modal.tsx';
import { OrderSuccess } from './order-success.tsx';
import { PaymentStep } from './payment-step.tsx';

type Step = (typeof CART_STEPS)[keyof typeof CART_STEPS];

/** Only the invoice keys the order accepts (the company answer may carry more). */
const invoicePayload = (details: InvoiceDetails): InvoiceDetails => ({
  firmTitle: details.firmTitle,
  firmActivity: details.firmActivity,
  vatId: details.vatId,
  email: details.email,
  telephone: details.telephone,
  city: details.city,
  address: details.address,
  zipCode: details.zipCode,
  taxAuthority: details.taxAuthority,
  state: details.state,
  country: details.country,
});

/** `/cart`: 0 Cart, 1 Billing Info, 2 Payment Method, 3 order success (spec sections 2 and 4). */
export function CartCheckout({
  renderBillingAddressPicker,
  renderInvoiceDetailsForm,
  bulkReports,
}: CheckoutSlots) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const publicConfig = usePublicConfig();
  const wireTransfer = wireTransferOffered(publicConfig.data);
  const cart = useCart();
  const [step, setStep] = useState<Step>(CART_STEPS.cart);
  const [coupon, setCoupon] = useState<CheckedCoupon | null>(null);
  const [transactionType, setTransactionType] = useState<0 | 1>(0);
  const [billingAddressId, setBillingAddressId] = useState<number | null>(null);
  const [datesOpened, setDatesOpened] = useState(false);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [orderErrors, setOrderErrors] = useState<string[]>([]);
  // One key per checkout attempt: a double click or a retried request places one order.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const placeOrder = useCreateOrder();

  const b2b = user ? choosesTransactionType(user.role) : false;
  const invoice = b2b && transactionType === 1;
  const company = useCompany(invoice);

  if (!user) return null;
  if (step !== CART_STEPS.success && cart.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (step !== CART_STEPS.success && (cart.isError || !cart.data)) {
    return (
      <Stack align="flex-start">
        <Alert color="red" data-testid="cart-error">
          {t('cart.loadFailed')}
        </Alert>
        <Button variant="default" onClick={() => void cart.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }

  const cartData = cart.data;
  const totals = cartData ? displayedTotals(cartData.totals, coupon) : null;
  const problem = billingProblem({
    user,
    transactionType,
    invoiceVatId: company.data?.invoiceDetails?.vatId,
    billingAddressId,
  });

  const proceed = () => {
    if (cartData?.hasE2e) setDatesOpened(true);
    else setStep(CART_STEPS.billing);
  };

  const submitOrder = () => {
    if (!cartData) return;
    setOrderErrors([]);
    const details = company.data?.invoiceDetails;
    const input: OrderInput = {
      cartItems: cartData.cartItems.map((item) => ({ fieldId: item.fieldId, service: item.service })),
      billingAddress: invoice ? null : billingAddressId,
      transactionType: invoice ? 1 : 0,
      paymentMethod: 'wire_transfer',
      couponCode: coupon?.code ?? null,
      paymentDetails: invoice && details ? invoicePayload(details) : null,
    };
    placeOrder.mutate(
      { input, idempotencyKey },
      {
        onSuccess: ({ data }) => {
          setOrder(data);
          setCoupon(null);
          setIdempotencyKey(newIdempotencyKey());
          setStep(CART_STEPS.success);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500)
            setOrderErrors(error.messages);
        },
      },
    );
  };

  const back = (to: Step) => (
    <Button
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => {
        setOrderErrors([]);
        setStep(to);
      }}
      data-testid="checkout-back"
    >
      {t('cart.back')}
    </Button>
  );

  return (
    <Stack gap="lg" data-testid="cart-page" data-step={step}>
      <Title order={2}>{t('nav.cart')}</Title>
      <Stepper active={step} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('cart.stepCart')} data-testid="checkout-step-cart">
          {cartData && (
            <CartStep
              cart={cartData}
              coupon={coupon}
              onCoupon={setCoupon}
              onProceed={proceed}
              bulkReports={bulkReports}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label={t('cart.stepBilling')} data-testid="checkout-step-billing">
          <Stack gap="lg">
            <BillingStep
              user={user}
              transactionType={transactionType}
              onTransactionType={setTransactionType}
              billingAddressId={billingAddressId}
              onBillingAddress={setBillingAddressId}
              company={{
                data: company.data,
                isPending: company.isPending,
                isError: company.isError,
                refetch: () => void company.refetch(),
              }}
              renderBillingAddressPicker={renderBillingAddressPicker}
              renderInvoiceDetailsForm={renderInvoiceDetailsForm}
            />
            <Group justify="space-between">
              {back(CART_STEPS.cart)}
              <Button
                rightSection={<IconArrowRight size={16} />}
                disabled={problem !== null}
                onClick={() => setStep(CART_STEPS.payment)}
                data-testid="checkout-next"
              >
                {t('cart.proceedToPayment')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('cart.stepPayment')} data-testid="checkout-step-payment">
          <Stack gap="lg">
            {totals && <PaymentStep totals={totals} errors={orderErrors} />}
            <Group justify="space-between">
              {back(CART_STEPS.billing)}
              <Button
                color="green"
                onClick={submitOrder}
                loading={placeOrder.isPending}
                disabled={problem !== null || !cartData?.cartItems.length || !wireTransfer}
                data-testid="place-order"
              >
                {t('cart.placeOrder')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <OrderSuccess order={order} />
        </Stepper.Completed>
      </Stepper>
      <ConfirmShootDatesModal
        opened={datesOpened}
        onCancel={() => setDatesOpened(false)}
        onConfirm={() => {
          setDatesOpened(false);
          setStep(CART_STEPS.billing);
        }}
      />
    </Stack>
  );
}
