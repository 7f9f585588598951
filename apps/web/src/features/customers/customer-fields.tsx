import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { GENDERS } from '@tz/shared/constants';
import type { CustomerFields } from '@tz/shared/customers/customers.contract';
import { MSG } from '@tz/shared/messages';
import { BirthdayPicker } from './birthday-picker';
import { CUSTOMER_LABELS as L } from './customer-field-labels';
import { useInsuranceProviders } from './use-customers';

export interface CustomerFieldValues {
  first_name: string;
  last_name: string;
  birthday: string | null;
  email: string;
  phone: string;
  gender: string;
  street: string;
  postcode: string;
  city: string;
  passport: string;
  insurancePolicyNumber: string;
  insuranceProviderId: string | null;
  ikId: string | null;
}

export const emptyCustomer: CustomerFieldValues = {
  first_name: '',
  last_name: '',
  birthday: null,
  email: '',
  phone: '',
  gender: '0',
  street: '',
  postcode: '',
  city: '',
  passport: '',
  insurancePolicyNumber: '',
  insuranceProviderId: null,
  ikId: null,
};

/** The server's rules, mirrored. */
export const customerValidation = {
  first_name: (v: string) => (v.trim() ? null : MSG.firstNameRequired),
  last_name: (v: string) => (v.trim() ? null : MSG.lastNameRequired),
  email: (v: string) => (!v.trim() || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : MSG.emailInvalid),
  postcode: (v: string) => (!v.trim() || /^\d{5}$/.test(v.trim()) ? null : MSG.postcodeInvalid),
  birthday: (v: string | null) => (v && v > new Date().toISOString().slice(0, 10) ? MSG.birthdayInFuture : null),
};

export function customerPayload(v: CustomerFieldValues): CustomerFields {
  return {
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    birthday: v.birthday,
    email: v.email.trim() || null,
    phone: v.phone.trim() || null,
    gender: Number(v.gender),
    street: v.street.trim() || null,
    postcode: v.postcode.trim() || null,
    city: v.city.trim() || null,
    passport: v.passport.trim() || null,
    insurancePolicyNumber: v.insurancePolicyNumber.trim() || null,
    insuranceProviderId: v.insuranceProviderId ? Number(v.insuranceProviderId) : null,
    ikId: v.ikId ? Number(v.ikId) : null,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the fields fit any form that holds these values
type AnyForm = UseFormReturnType<any>;

/** Name, birthday, contact, address, passport and insurance of a customer. */
export function CustomerFieldsSection({ form }: { form: AnyForm }) {
  const providers = useInsuranceProviders();
  const provider = providers.data?.find((p) => String(p.id) === form.values.insuranceProviderId);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={L.first_name} withAsterisk {...form.getInputProps('first_name')} />
        <TextInput label={L.last_name} withAsterisk {...form.getInputProps('last_name')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BirthdayPicker
          value={form.values.birthday}
          onChange={(v) => form.setFieldValue('birthday', v)}
          error={form.errors.birthday}
        />
        <Select
          label={L.gender}
          data={Object.entries(GENDERS).map(([value, label]) => ({ value, label }))}
          allowDeselect={false}
          {...form.getInputProps('gender')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={L.email} type="email" {...form.getInputProps('email')} />
        <TextInput label={L.phone} type="tel" {...form.getInputProps('phone')} />
      </SimpleGrid>
      <TextInput label={L.street} {...form.getInputProps('street')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={L.postcode} maxLength={5} {...form.getInputProps('postcode')} />
        <TextInput label={L.city} {...form.getInputProps('city')} />
      </SimpleGrid>
      <TextInput label={L.passport} {...form.getInputProps('passport')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={L.insuranceProviderId}
          placeholder="Keine Auswahl"
          data={(providers.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          searchable
          clearable
          value={form.values.insuranceProviderId}
          onChange={(v) => {
            form.setFieldValue('insuranceProviderId', v);
            const iks = providers.data?.find((p) => String(p.id) === v)?.iks ?? [];
            form.setFieldValue('ikId', iks.length === 1 ? String(iks[0]!.id) : null);
          }}
        />
        <Select
          label={L.ikId}
          placeholder="Keine Auswahl"
          data={(provider?.iks ?? []).map((ik) => ({ value: String(ik.id), label: ik.nr }))}
          disabled={!provider}
          clearable
          {...form.getInputProps('ikId')}
        />
        <TextInput label={L.insurancePolicyNumber} {...form.getInputProps('insurancePolicyNumber')} />
      </SimpleGrid>
    </Stack>
  );
}
