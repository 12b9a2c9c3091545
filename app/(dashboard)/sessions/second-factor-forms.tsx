'use client';

import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { apiFetch } from '@/lib/client/api';
import { formField } from '@/lib/client/form-field';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { useNamespace } from '@/lib/client/namespace';
import { passkeyFailure } from '@/lib/client/passkey-failure';
import { showServerError } from '@/lib/client/server-error';
import type { PasskeyOptions } from '@/lib/schemas/organizations';
import type { PasskeyRegistered, RecoveryCodes, TotpEnrolment } from '@/lib/schemas/sessions';
import type { CodeValues, PasskeyValues, TurnOffValues } from './second-factor-schema';

/**
 * The second factor's three forms — the authenticator app's first code, the password that turns
 * the factor off, a new passkey's name — on the dashboard's one form pattern: react-hook-form, the
 * gateway's limits checked before sending (second-factor-schema.ts, fetched after the page), and
 * the gateway's refusal under the field it names (`showServerError`). Loaded after the sessions
 * screen (lazy-second-factor-forms.tsx).
 */
const schemas = () => import('./second-factor-schema');
const codeResolver = lazyResolver(() => schemas().then((m) => m.codeResolver));
const turnOffResolver = lazyResolver(() => schemas().then((m) => m.turnOffResolver));
const passkeyResolver = lazyResolver(() => schemas().then((m) => m.passkeyResolver));

/** Scan the secret, then confirm one code from the app (`POST /me/second-factor/totp/confirm`). */
export function TotpConfirmForm({
  enrolment,
  onConfirmed,
}: {
  enrolment: TotpEnrolment;
  onConfirmed: (r: RecoveryCodes) => void;
}) {
  const ns = useNamespace();
  const form = useForm<CodeValues>({ resolver: codeResolver, defaultValues: { code: '' } });
  const confirm = useMutation({
    mutationFn: ({ code }: CodeValues) =>
      apiFetch<RecoveryCodes>('/me/second-factor/totp/confirm', {
        partner: ns,
        method: 'POST',
        body: { code },
      }),
    onSuccess: onConfirmed,
    onError: (e: Error) => showServerError(form, e),
  });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit((v) => confirm.mutate(v))}>
      <p className="text-sm">Scan this with your authenticator app, then enter the code it shows.</p>
      <div
        role="img"
        aria-label="QR code of the authenticator secret"
        className="w-48 rounded bg-white p-2"
        dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }}
      />
      <p className="text-sm">
        Or type the key: <code className="break-all">{enrolment.secret}</code>
      </p>
      <Field
        label="Code from the app"
        id="second-factor-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...formField(form, 'code')}
      />
      <FormFooter form={form} submit="Turn on" pending={confirm.isPending} />
    </form>
  );
}

/** Turns the second factor off with the user's password (`POST /me/second-factor/disable`). */
export function TurnOffForm({ onTurnedOff }: { onTurnedOff: () => void }) {
  const ns = useNamespace();
  const form = useForm<TurnOffValues>({ resolver: turnOffResolver, defaultValues: { current_password: '' } });
  const disable = useMutation({
    mutationFn: (body: TurnOffValues) =>
      apiFetch('/me/second-factor/disable', { partner: ns, method: 'POST', body }),
    onSuccess: () => {
      form.reset({ current_password: '' });
      onTurnedOff();
    },
    onError: (e: Error) => showServerError(form, e),
  });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit((v) => disable.mutate(v))}>
      <h3 className="text-sm font-medium">Turn the second factor off</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Sign-in asks for a code from your app or one of your passkeys. Turning it off removes the app and
        every passkey: confirm your password; your other sessions are signed out.
      </p>
      <Field
        label="Password"
        id="second-factor-password"
        type="password"
        autoComplete="current-password"
        {...formField(form, 'current_password')}
      />
      <FormFooter form={form} submit="Turn off" variant="secondary" pending={disable.isPending} />
    </form>
  );
}

/**
 * Adds a passkey by name: the gateway's options, the browser's own dialog (the WebAuthn library
 * loaded only then), the registration (`POST /me/second-factor/passkeys`).
 */
export function PasskeyForm({ onAdded }: { onAdded: (r: PasskeyRegistered) => void }) {
  const ns = useNamespace();
  const form = useForm<PasskeyValues>({ resolver: passkeyResolver, defaultValues: { name: '' } });
  const add = useMutation({
    mutationFn: async ({ name }: PasskeyValues) => {
      const [{ startRegistration }, { options }] = await Promise.all([
        import('@simplewebauthn/browser'),
        apiFetch<PasskeyOptions>('/me/second-factor/passkeys/options', { partner: ns, method: 'POST' }),
      ]);
      let response;
      try {
        response = await startRegistration({ optionsJSON: options as never });
      } catch (err) {
        throw new Error(passkeyFailure(err));
      }
      return apiFetch<PasskeyRegistered>('/me/second-factor/passkeys', {
        partner: ns,
        method: 'POST',
        body: { name, response },
      });
    },
    onSuccess: (r) => {
      form.reset({ name: '' });
      onAdded(r);
    },
    onError: (e: Error) => showServerError(form, e),
  });
  return (
    <form className="flex flex-col gap-2" noValidate onSubmit={form.handleSubmit((v) => add.mutate(v))}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <Field
            label="Passkey name"
            id="passkey-name"
            placeholder="e.g. Work laptop"
            maxLength={60}
            {...formField(form, 'name')}
          />
        </div>
        <FormFooter
          layout="inline"
          form={form}
          submit="Add a passkey"
          busy="Waiting for the passkey…"
          pending={add.isPending}
        />
      </div>
    </form>
  );
}
