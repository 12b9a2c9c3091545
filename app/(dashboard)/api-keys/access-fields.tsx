import type { Path, UseFormReturn } from 'react-hook-form';
import type { KeyValues } from './key-schemas';
import { FLAGS } from './key-types';

/** A key's access flags as checkboxes, one per flag the gateway knows (create and edit alike). */
export function AccessFields<T extends KeyValues>({ form }: { form: UseFormReturn<T> }) {
  return (
    <fieldset className="flex flex-wrap gap-4">
      <legend className="mb-1 text-sm font-medium">Access</legend>
      {FLAGS.map((f) => (
        <label key={f} className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register(f as Path<T>)} /> {f}
        </label>
      ))}
    </fieldset>
  );
}
