'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';
import { FormAlert } from '@/components/ui/form-alert';
import { CARD, LINK } from '@/components/ui/styles';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { meKeys, meQuery } from '@/lib/client/queries/sessions';
import { can } from '@/lib/domain/permissions';
import { useNamespace } from '@/lib/client/namespace';

/**
 * The organization's "require a second factor of everyone" (PUT /organization/second-factor),
 * where its users are managed. Shown before the admin has one of their own: then it cannot be
 * turned on (it would lock them out) and says why, with the way to their own.
 */
export function RequireSecondFactor() {
  const ns = useNamespace();
  const me = useQuery(meQuery(ns));
  const qc = useQueryClient();
  const toast = useToast();
  const policy = useMutation({
    mutationFn: (required: boolean) =>
      apiFetch('/organization/second-factor', { partner: ns, method: 'PUT', body: { required } }),
    onSuccess: (_, required) => {
      toast('success', required ? 'A second factor is now required of everyone' : 'No longer required');
      qc.invalidateQueries({ queryKey: meKeys.all });
    },
  });
  const org = me.data?.organization;
  if (!me.data || !org || !can(me.data.role, 'organization.manage')) return null;
  const own = me.data.second_factor;
  // Turning it off stays possible whatever the admin's own factor.
  const blocked = !own && !org.require_second_factor;
  return (
    <section aria-labelledby="require-second-factor" className={`flex flex-col gap-2 ${CARD}`}>
      <h2 id="require-second-factor" className="flex items-center gap-2 font-medium">
        Second factor for everyone{' '}
        {org.require_second_factor ? (
          <Badge tone="green">Required</Badge>
        ) : (
          <Badge tone="slate">Optional</Badge>
        )}
      </h2>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={org.require_second_factor}
          disabled={policy.isPending || blocked}
          aria-describedby={blocked ? 'require-second-factor-reason' : undefined}
          onChange={(e) => policy.mutate(e.target.checked)}
        />
        Require a second factor of everyone in {org.name}
      </label>
      {blocked ? (
        <p id="require-second-factor-reason" className="text-sm text-slate-600 dark:text-slate-400">
          Set up your own second factor first on the{' '}
          <Link href="/sessions#second-factor" className={LINK}>
            Sessions page
          </Link>
          : required of everyone, it would otherwise lock you out.
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          While required, a user without one can only set one up: every other screen waits until they do.
        </p>
      )}
      <FormAlert message={policy.isError ? policy.error.message : null} />
    </section>
  );
}
