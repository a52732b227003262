import { type AddressView, addressSchema } from '@ampelos/domain';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '../../../lib/countries.ts';
import { storedCountryName } from '../../../lib/country-name.ts';
import { zodValidate } from '../../../lib/form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateAddress } from '../api/create-address.ts';
import { useUpdateAddress } from '../api/update-address.ts';

interface AddressFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The address being edited; null to add a new one. */
  address: AddressView | null;
  /** Called with the saved address (e.g. to select a new billing address). */
  onSaved?: (address: AddressView) => void;
}

const emptyValues = {
  city: '',
  country: '',
  state: '',
  zip_postcode: '',
  line_1: '',
  line_2: '',
  line_3: '',
};
type Values = typeof emptyValues;

const valuesOf = (address: AddressView | null): Values =>
  address
    ? {
        city: address.city,
        country: address.country,
        state: address.state,
        zip_postcode: address.zip_postcode,
        line_1: address.line_1,
        line_2: address.line_2 ?? '',
        line_3: address.line_3 ?? '',
      }
    : emptyValues;

/**
 * The country list with each name in the interface language, in its alphabetical order; the value is
 * the English name the address stores. An address's country outside the list stays first.
 */
function countryOptions(current: string | undefined, language: string) {
  const collator = new Intl.Collator(language);
  const options = COUNTRIES.map((english) => ({
    value: english,
    label: storedCountryName(english, language),
  })).sort((a, b) => collator.compare(a.label, b.label));
  return current && !COUNTRIES.includes(current) ? [{ value: current, label: current }, ...options] : options;
}

function AddressForm({ address, onClose, onSaved }: Omit<AddressFormModalProps, 'opened'>) {
  const { t, i18n } = useTranslation();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const form = useForm({
    mode: 'controlled',
    initialValues: valuesOf(address),
    validate: zodValidate(addressSchema),
  });
  const countries = useMemo(() => countryOptions(address?.country, i18n.language), [address, i18n.language]);

  const onSubmit = (values: Values) => {
    const input = {
      ...values,
      line_2: values.line_2.trim() || null,
      line_3: values.line_3.trim() || null,
      isBilling: address?.isBilling ?? true,
      isShipping: address?.isShipping ?? false,
    };
    const onError = () => notifyError(t('addresses.failed'));
    if (address) {
      update.mutate(
        { ...input, prevAddressId: address.id },
        {
          onSuccess: (saved) => {
            notifySuccess(t('addresses.updated'));
            onSaved?.(saved.address);
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (saved) => {
          notifySuccess(t('addresses.added'));
          onSaved?.(saved.address);
          onClose();
        },
        onError,
      });
    }
  };

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('addresses.city')}
            required
            data-testid="address-city"
            {...form.getInputProps('city')}
          />
          <NativeSelect
            label={t('addresses.country')}
            required
            data-testid="address-country"
            data={[{ value: '', label: t('addresses.chooseCountry'), disabled: true }, ...countries]}
            {...form.getInputProps('country')}
          />
          <TextInput
            label={t('addresses.state')}
            required
            data-testid="address-state"
            {...form.getInputProps('state')}
          />
          <TextInput
            label={t('addresses.zip')}
            required
            data-testid="address-zip"
            {...form.getInputProps('zip_postcode')}
          />
        </SimpleGrid>
        <TextInput
          label={t('addresses.line1')}
          required
          data-testid="address-line-1"
          {...form.getInputProps('line_1')}
        />
        <TextInput
          label={t('addresses.line2')}
          data-testid="address-line-2"
          {...form.getInputProps('line_2')}
        />
        <TextInput
          label={t('addresses.line3')}
          data-testid="address-line-3"
          {...form.getInputProps('line_3')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="address-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AddressFormModal({ opened, onClose, address, onSaved }: AddressFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={address ? t('addresses.editTitle') : t('addresses.addTitle')}
      size="lg"
    >
      {/* Keyed so the form starts from the chosen address each time it opens. */}
      {opened && (
        <AddressForm key={address?.id ?? 'new'} address={address} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}
