import { NumberInput } from '@mantine/core';

/** A price in euros on screen, cents in the value. */
export function MoneyInput({
  label,
  cents,
  onChange,
  disabled,
  error,
}: {
  label: string;
  cents: number;
  onChange: (cents: number) => void;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <NumberInput
      label={label}
      value={cents / 100}
      onChange={(v) => onChange(Math.round((typeof v === 'number' ? v : Number(v) || 0) * 100))}
      decimalScale={2}
      fixedDecimalScale
      decimalSeparator=","
      thousandSeparator="."
      min={0}
      max={100000}
      suffix=" €"
      disabled={disabled}
      error={error}
      w={130}
    />
  );
}
