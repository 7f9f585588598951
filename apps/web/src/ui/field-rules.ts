import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';

/**
 * A Mantine validation rule from the contract's schema of one field: the form
 * refuses with the same German message the server would send.
 */
export const ruleOf =
  (schema: z.ZodType) =>
  (value: unknown): string | null => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };

const valueAt = (values: unknown, path: string) =>
  path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as never)[key] : undefined), values);

/**
 * A marked field stays marked while the user edits it and loses its mark as
 * soon as its value passes its rule (the form needs `clearInputErrorOnChange:
 * false`; Mantine's default drops the mark at the first keystroke, before
 * anything is corrected). A field without a rule loses its mark when edited.
 * Only edited fields are checked again: the others keep their marks.
 */
export function useMarksUntilCorrected<V>(
  form: Pick<UseFormReturnType<V>, 'values' | 'errors' | 'validateField' | 'clearFieldError'>,
  hasRule: (path: string) => boolean,
) {
  const previous = useRef(form.values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of the values only
  useEffect(() => {
    const before = previous.current;
    previous.current = form.values;
    for (const path of Object.keys(form.errors)) {
      if (valueAt(before, path) === valueAt(form.values, path)) continue;
      if (hasRule(path)) form.validateField(path as never);
      else form.clearFieldError(path as never);
    }
  }, [form.values]);
}
