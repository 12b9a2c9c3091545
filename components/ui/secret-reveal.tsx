'use client';

import { Button } from './button';
import { useToast } from './toast';

/** A secret shown once (API key, webhook signing secret), with copy; gone when dismissed. */
export function SecretReveal({
  title,
  secret,
  warning,
  onDone,
}: {
  title: string;
  secret: string;
  warning?: string;
  onDone: () => void;
}) {
  const toast = useToast();
  return (
    <section
      aria-label="New secret"
      className="flex flex-col gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-700 dark:bg-emerald-950"
    >
      <h2 className="font-medium">{title}</h2>
      <p className="text-sm">Copy the secret now: it is shown only once.{warning ? ` ${warning}` : ''}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="revealed-secret"
          className="rounded bg-white px-2 py-1 text-xs break-all dark:bg-slate-900"
        >
          {secret}
        </code>
        <Button
          variant="secondary"
          onClick={() => navigator.clipboard?.writeText(secret).then(() => toast('success', 'Copied'))}
        >
          Copy
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
