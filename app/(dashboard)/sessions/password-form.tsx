'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { CARD } from '@/components/ui/styles';
import { sessionQueries } from '@/lib/client/queries/sessions';

/**
 * Changes the signed-in user's password (`POST /me/password`): the current one is asked for, the
 * new one twice; the gateway's policy decides (its refusal is shown under the field). The user's
 * other sessions end.
 */
export function PasswordForm() {
  const qc = useQueryClient();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<{ field: 'current' | 'next' | 'again'; message: string } | null>(null);
  const change = useMutation({
    mutationFn: () =>
      apiFetch<{ sessions_ended: number }>('/me/password', {
        method: 'POST',
        body: { current_password: current, new_password: next },
      }),
    onSuccess: (r) => {
      setCurrent('');
      setNext('');
      setAgain('');
      setError(null);
      toast(
        'success',
        r.sessions_ended
          ? `Password changed; ${r.sessions_ended === 1 ? '1 other session' : `${r.sessions_ended} other sessions`} signed out`
          : 'Password changed',
      );
      void qc.invalidateQueries({ queryKey: sessionQueries.keys.all });
    },
    onError: (e: Error) =>
      setError({ field: /current_password/.test(e.message) ? 'current' : 'next', message: e.message }),
  });
  return (
    <form
      className={`flex max-w-xl flex-col gap-3 ${CARD}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!current) return setError({ field: 'current', message: 'Enter your current password' });
        if (next.length < 12) return setError({ field: 'next', message: 'Use at least 12 characters' });
        if (next !== again) return setError({ field: 'again', message: 'The two new passwords differ' });
        change.mutate();
      }}
    >
      <h2 className="font-medium">Password</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Your other sessions are signed out.</p>
      <Field
        label="Current password"
        id="current-password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={error?.field === 'current' ? error.message : undefined}
      />
      <Field
        label="New password"
        id="new-password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        hint="At least 12 characters that are hard to guess: a phrase of unrelated words works well."
        error={error?.field === 'next' ? error.message : undefined}
      />
      <Field
        label="New password, again"
        id="new-password-again"
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={(e) => setAgain(e.target.value)}
        error={error?.field === 'again' ? error.message : undefined}
      />
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
