import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

/**
 * A react-hook-form field's registration and its error message, spread on a `Field`:
 * `<Field label="Name" id="name" {...formField(form, 'name')} />`. Type-only import: no runtime
 * cost where react-hook-form is not loaded.
 */
export function formField<T extends FieldValues, N extends FieldPath<T>>(
  form: UseFormReturn<T>,
  name: N,
  options?: RegisterOptions<T, N>,
) {
  const error = (form.formState.errors as Record<string, { message?: unknown } | undefined>)[name];
  return {
    ...form.register(name, options),
    error: typeof error?.message === 'string' ? error.message : undefined,
  };
}
