import type { ReactNode } from 'react';
import { Button } from './button';
import { FormAlert } from './form-alert';

const ROW = {
  /** Under the fields: the refusal, then the buttons at the start. */
  stack: 'flex flex-wrap items-center gap-2',
  /** A dialog's end: the refusal, then Cancel and the submit button at the right. */
  dialog: 'flex justify-end gap-3',
} as const;

/**
 * The end of every form: the submit button, which reads `busy` while the request is out, and the
 * gateway's refusal that names no field (the form's `root` error: `showServerError`,
 * lib/client/server-error.ts, puts one that names a field under that field). `layout`: `stack`
 * under the fields (the refusal above the buttons), `dialog` at a dialog's end (Cancel first, at
 * the right), `inline` ending the fields' row of a list's add-one form (the refusal under the row).
 * `cancel` adds a Cancel button; `before` goes ahead of the buttons (a choice that goes with the
 * submit: "Submit for admission now"); `children` after them.
 */
export function FormFooter({
  form,
  error = form?.formState.errors.root?.message,
  submit,
  busy = submit,
  pending = form?.formState.isSubmitting ?? false,
  variant,
  layout = 'stack',
  cancel,
  wide = false,
  autoFocus,
  before,
  children,
}: {
  /** The react-hook-form form it ends: its `root` error and, unless `pending` says, its submitting. */
  form?: { formState: { errors: { root?: { message?: string } }; isSubmitting: boolean } };
  error?: string | null;
  submit: ReactNode;
  busy?: ReactNode;
  /** The request is out (a mutation's `isPending`). */
  pending?: boolean;
  variant?: 'primary' | 'secondary' | 'danger';
  layout?: 'stack' | 'dialog' | 'inline';
  cancel?: { onClick: () => void; disabled?: boolean };
  /** The submit button takes the whole row (a form of its own page: sign-in, an invitation). */
  wide?: boolean;
  autoFocus?: boolean;
  before?: ReactNode;
  children?: ReactNode;
}) {
  const button = (
    <Button
      type="submit"
      variant={variant}
      disabled={pending}
      autoFocus={autoFocus}
      className={wide ? 'w-full' : undefined}
    >
      {pending ? busy : submit}
    </Button>
  );
  if (layout === 'inline')
    return (
      <>
        {button}
        {error ? (
          <div className="basis-full md:col-span-full">
            <FormAlert message={error} />
          </div>
        ) : null}
      </>
    );
  const cancelButton = cancel ? (
    <Button type="button" variant="secondary" onClick={cancel.onClick} disabled={cancel.disabled}>
      Cancel
    </Button>
  ) : null;
  return (
    <>
      <FormAlert message={error ?? null} />
      <div className={ROW[layout]}>
        {before}
        {layout === 'dialog' ? cancelButton : null}
        {button}
        {layout === 'dialog' ? null : cancelButton}
        {children}
      </div>
    </>
  );
}
