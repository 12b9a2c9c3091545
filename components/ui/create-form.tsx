import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { FormFooter } from './form-footer';
import { CARD } from './styles';

const GRID = { 3: 'grid items-end gap-3 md:grid-cols-3', 4: 'grid items-end gap-3 md:grid-cols-4' } as const;

/**
 * A list screen's add-one form, the same on every list: a card of fields on one row (a grid of
 * `columns` from tablet width, or wrapping fields when absent), ending as every form does
 * (`FormFooter`, inline: the submit button in the row, which reads `busy` while the request is out). Validation is the form's own (`noValidate`: the schema's
 * messages, not the browser's); the gateway's refusals go under their field or, naming none, under
 * the row (lib/client/server-error.ts).
 */
export function CreateForm({
  onSubmit,
  columns,
  submit,
  busy,
  pending,
  form,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  columns?: keyof typeof GRID;
  /** The button's label ("Add account"). */
  submit: string;
  /** Its label while the request is out ("Adding…"). */
  busy: string;
  pending: boolean;
  /** The form: a refusal that names none of its fields (showServerError's `root`) shows under them. */
  form: ComponentProps<typeof FormFooter>['form'];
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${columns ? GRID[columns] : 'flex flex-wrap items-end gap-3'} ${CARD}`}
    >
      {children}
      <FormFooter layout="inline" form={form} submit={submit} busy={busy} pending={pending} />
    </form>
  );
}
