import { Alert, Button, Group, Loader, NumberInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DEFAULT_SLOT_LENGTH_MINUTES } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { CAPACITY_ORDER_MESSAGE } from '@tz/shared/services/services.contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { to } from '../../routes';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { TestTypeSelect } from './products-page';
import { SERVICE_LABELS as L } from './service-field-labels';
import { useSaveService, useService, useServiceCategories, useTestTypes } from './use-services';

interface Values {
  title: string;
  price: number | string;
  priceTxt: string;
  test_type: number | null;
  category_id: string | null;
  slot_length: number | string;
  duration: number | string;
  capacity_min: number | string;
  capacity_max: number | string;
}

const required = (label: string) => (v: unknown) =>
  v === '' || v === null || v === undefined || (typeof v === 'string' && !v.trim())
    ? `${label} ist ein Pflichtfeld`
    : null;

/** Create (products/create) and edit (editProduct): minutes on screen, seconds on the wire. */
export default function ServiceFormPage() {
  const params = useParams();
  const staffId = Number(params.staffId ?? params.id);
  const serviceId = params.productId ? Number(params.productId) : undefined;
  const navigate = useNavigate();
  const service = useService(staffId, serviceId);
  const testTypes = useTestTypes(staffId);
  const categories = useServiceCategories(staffId);
  const save = useSaveService(staffId, serviceId);
  const [error, setError] = useState<string | null>(null);

  const form = useForm<Values>({
    initialValues: {
      title: '',
      price: '',
      priceTxt: '',
      test_type: null,
      category_id: null,
      slot_length: DEFAULT_SLOT_LENGTH_MINUTES,
      duration: DEFAULT_SLOT_LENGTH_MINUTES,
      capacity_min: 1,
      capacity_max: 1,
    },
    validate: {
      title: required('Titel'),
      price: required('Preis'),
      slot_length: required('Slotlänge'),
      duration: required('Termindauer'),
      capacity_min: (v, all) =>
        required('Minimale Plätze')(v) ??
        (Number(v) > Number(all.capacity_max) && all.capacity_max !== '' ? CAPACITY_ORDER_MESSAGE : null),
      capacity_max: required('Maximale Plätze'),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once the service has loaded
  useEffect(() => {
    const s = service.data;
    if (!s) return;
    form.setValues({
      title: s.title,
      price: s.price / 100,
      priceTxt: s.priceTxt ?? '',
      test_type: s.test_type,
      category_id: s.category_id === null ? null : String(s.category_id),
      slot_length: Math.round(s.slot_length / 60),
      duration: Math.round(s.duration / 60),
      capacity_min: s.capacity_min,
      capacity_max: s.capacity_max,
    });
    form.resetDirty();
  }, [service.data]);

  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      await save.mutateAsync({
        title: v.title,
        price: Math.round(Number(v.price) * 100),
        priceTxt: v.priceTxt || null,
        test_type: v.test_type,
        category_id: v.category_id === null ? null : Number(v.category_id),
        slot_length: Number(v.slot_length) * 60,
        duration: Number(v.duration) * 60,
        capacity_min: Number(v.capacity_min),
        capacity_max: Number(v.capacity_max),
      });
      notifications.show({ color: 'green', message: serviceId ? MSG.serviceUpdated : MSG.serviceCreated });
      navigate(to('products', { id: staffId }));
    } catch (e) {
      const refused = applyServerErrors(form, e, labelsOf(L));
      setError(
        e instanceof ApiError && e.status < 500 ? `${MSG.serviceSaveFailed} ${refused.text}` : MSG.serviceSaveFailed,
      );
    }
  });

  const minutes = { min: 1, max: 1440, allowDecimal: false, suffix: ' Min.' };
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {serviceId ? 'Dienstleistung bearbeiten' : 'Neue Dienstleistung'}
      </Title>
      {service.error && (
        <Alert color="red" role="alert">
          {MSG.serviceLoadFailed}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {serviceId && service.isLoading ? (
        <Loader aria-label="Dienstleistung wird geladen" />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={L.title} required {...form.getInputProps('title')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label={L.price}
                required
                min={0}
                decimalScale={2}
                fixedDecimalScale
                decimalSeparator=","
                thousandSeparator="."
                {...form.getInputProps('price')}
              />
              <TextInput label={L.priceTxt} {...form.getInputProps('priceTxt')} />
              <NumberInput label={L.slot_length} required {...minutes} {...form.getInputProps('slot_length')} />
              <NumberInput label={L.duration} required {...minutes} {...form.getInputProps('duration')} />
              <NumberInput
                label={L.capacity_min}
                required
                min={1}
                allowDecimal={false}
                {...form.getInputProps('capacity_min')}
              />
              <NumberInput
                label={L.capacity_max}
                required
                min={1}
                allowDecimal={false}
                {...form.getInputProps('capacity_max')}
              />
              <Select
                label={L.category_id}
                placeholder="Keine"
                clearable
                data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                {...form.getInputProps('category_id')}
              />
              <TestTypeSelect
                withLabel
                label={L.test_type}
                types={testTypes.data ?? []}
                value={form.values.test_type}
                onChange={(v) => form.setFieldValue('test_type', v)}
                error={form.errors.test_type}
                data-path="test_type"
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={save.isPending}>
                Speichern
              </Button>
              <Button variant="default" component={Link} to={to('products', { id: staffId })}>
                Abbrechen
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
