import type { ReactNode } from 'react';
import { Button } from './button';
import { FormAlert } from './form-alert';

/**
 * The end of a form, the same on every one: the gateway's refusal that names no field (the form's
 * `root` error, lib/client/server-error.ts) above the submit button, which reads `busy` while the
 * request is out; `children` go beside it (a Cancel).
 */
export function FormFooter({
  error,
  submit,
  busy = submit,
  pending,
  variant,
  children,
}: {
  error: string | undefined;
  submit: string;
  busy?: string;
  pending: boolean;
  variant?: 'primary' | 'secondary';
  children?: ReactNode;
}) {
  return (
    <>
      <FormAlert message={error ?? null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={variant} disabled={pending}>
          {pending ? busy : submit}
        </Button>
        {children}
      </div>
    </>
  );
}
