'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { downloadText } from '@/lib/client/download';
import type { RecoveryCodes, TotpEnrolment as Enrolment } from '@/lib/schemas/sessions';
import { CARD } from '@/components/ui/styles';
import { Passkeys } from './passkeys';
import { LazyTotpConfirmForm, LazyTurnOffForm } from './lazy-second-factor-forms';
import { can } from '@/lib/domain/permissions';
import { meKeys, meQuery } from '@/lib/client/queries/sessions';
import { useNamespace } from '@/lib/client/namespace';

/** The recovery codes as a text file: whose and where they sign in, then one code a line. */
function recoveryCodesFile(codes: string[], email: string | undefined): string {
  return [
    `Recovery codes${email ? ` of ${email}` : ''} for ${window.location.origin}`,
    'Each signs you in once instead of your authenticator app or a passkey. Keep them safe.',
    `Saved ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The second factor: an authenticator app (scan, confirm one code) and passkeys, either or both;
 * the first one on comes with ten recovery codes, shown once. Turning it off (the password) removes
 * them all. Sign-in then asks for a code or a passkey.
 */
export function SecondFactor({ onDone }: { onDone?: () => void } = {}) {
  const ns = useNamespace();
  const qc = useQueryClient();
  const toast = useToast();
  const me = useQuery(meQuery(ns));
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = () => {
    // Adding a passkey may turn the second factor on; turning it off removes the passkeys: both
    // are under the user's key.
    void qc.invalidateQueries({ queryKey: meKeys.all });
  };
  const start = useMutation({
    mutationFn: () => apiFetch<Enrolment>('/me/second-factor/totp', { partner: ns, method: 'POST' }),
    onSuccess: (e) => {
      setEnrolment(e);
      setError(null);
    },
    onError: (e: Error) => setError(e.message),
  });
  const confirmed = (r: RecoveryCodes) => {
    // Codes come with the first second factor only: beside a passkey, those given then stand.
    if (r.recovery_codes.length) setCodes(r.recovery_codes);
    else toast('success', 'Authenticator app turned on');
    setEnrolment(null);
    setError(null);
    done();
  };
  const turnedOff = () => {
    setError(null);
    toast('success', 'Second factor turned off');
    done();
  };
  const policy = useMutation({
    mutationFn: (required: boolean) =>
      apiFetch('/organization/second-factor', { partner: ns, method: 'PUT', body: { required } }),
    onSuccess: (_, required) => {
      toast('success', required ? 'A second factor is now required of everyone' : 'No longer required');
      done();
    },
    onError: (e: Error) => setError(e.message),
  });
  const on = me.data?.second_factor === true;
  const app = me.data?.authenticator_app === true;
  const org = me.data?.organization;

  return (
    <section aria-labelledby="second-factor" className={`flex max-w-xl flex-col gap-3 ${CARD}`}>
      <h2 id="second-factor" className="flex items-center gap-2 font-medium">
        Second factor {on ? <Badge tone="green">On</Badge> : <Badge tone="slate">Off</Badge>}
      </h2>
      {codes ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            Your recovery codes: each signs you in once instead of the app or a passkey. Keep them somewhere
            safe — they are not shown again.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              onClick={() => downloadText('recovery-codes.txt', recoveryCodesFile(codes, me.data?.email))}
            >
              Download as a text file
            </Button>
            <Button
              type="button"
              onClick={() => {
                setCodes(null);
                onDone?.();
              }}
            >
              I have saved them
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-medium">Authenticator app</h3>
            {app ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                On: sign-in accepts a code from your app.
              </p>
            ) : enrolment ? (
              <LazyTotpConfirmForm enrolment={enrolment} onConfirmed={confirmed} />
            ) : (
              <>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  A code from an authenticator app (any TOTP app) at each sign-in, besides your password.
                </p>
                <div>
                  <Button
                    type="button"
                    variant={on ? 'secondary' : 'primary'}
                    onClick={() => start.mutate()}
                    disabled={start.isPending || me.isLoading}
                  >
                    Set up an authenticator app
                  </Button>
                </div>
              </>
            )}
          </div>
          <Passkeys onRecoveryCodes={setCodes} onError={setError} onChanged={done} />
          {on ? <LazyTurnOffForm onTurnedOff={turnedOff} /> : null}
        </>
      )}
      {on && org && me.data && can(me.data.role, 'organization.manage') ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={org.require_second_factor}
            disabled={policy.isPending}
            onChange={(e) => policy.mutate(e.target.checked)}
          />
          Require a second factor of everyone in {org.name}
        </label>
      ) : null}
      <FormAlert message={error} />
    </section>
  );
}
