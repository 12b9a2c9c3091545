'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { recoverStep, webhookKeys } from '@/lib/client/queries/webhooks';

interface Progress {
  running: boolean;
  recovered: number;
  remaining: number | null;
  error?: string;
}

/** "2026-11-25T09:30" in the browser's time zone, as a datetime-local field takes it. */
export function localInputValue(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Sends again every failed delivery since a time, one bounded call after another (1,000 each)
 * until none is left, showing how far it got; it can be stopped between calls.
 */
export function useRecovery(webhookId: string) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<Progress | null>(null);
  const stopped = useRef(false);
  async function run(since: number) {
    stopped.current = false;
    let recovered = 0;
    setProgress({ running: true, recovered, remaining: null });
    try {
      for (;;) {
        const step = await recoverStep(webhookId, since);
        recovered += step.recovered;
        setProgress({ running: true, recovered, remaining: step.remaining });
        // Nothing moved although some remain: another recovery holds them; stop rather than spin.
        if (!step.has_more || step.recovered === 0 || stopped.current) break;
      }
      setProgress((p) => p && { ...p, running: false });
    } catch (e) {
      setProgress((p) => ({
        recovered,
        remaining: p?.remaining ?? null,
        running: false,
        error: (e as Error).message,
      }));
    }
    await qc.invalidateQueries({ queryKey: webhookKeys.all });
  }
  return { progress, run, stop: () => (stopped.current = true) };
}

export function RecoveryProgress({ progress, onStop }: { progress: Progress; onStop: () => void }) {
  const total = progress.remaining === null ? null : progress.recovered + progress.remaining;
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-2 text-sm">
      {total !== null && total > 0 ? (
        <progress
          className="h-2 w-full"
          value={progress.recovered}
          max={total}
          aria-label="Deliveries sent again"
        />
      ) : null}
      <p>
        {progress.error
          ? `Stopped after ${progress.recovered.toLocaleString('en')} sent again: ${progress.error}`
          : progress.running
            ? `Sending again… ${progress.recovered.toLocaleString('en')}${total !== null ? ` of ${total.toLocaleString('en')}` : ''}`
            : progress.recovered === 0
              ? 'Nothing had failed since then.'
              : `${progress.recovered.toLocaleString('en')} failed ${progress.recovered === 1 ? 'delivery' : 'deliveries'} queued to be sent again${progress.remaining ? `; ${progress.remaining.toLocaleString('en')} left (run it again)` : ''}.`}
      </p>
      {progress.running ? (
        <Button variant="secondary" className="self-start py-1" onClick={onStop}>
          Stop
        </Button>
      ) : null}
    </div>
  );
}

/** The recovery form on an enabled endpoint (admins): failed since a time, sent again. */
export function Recovery({ webhookId, failingSince }: { webhookId: string; failingSince: number | null }) {
  const { progress, run, stop } = useRecovery(webhookId);
  const [since, setSince] = useState(() =>
    localInputValue(failingSince ?? Math.floor(Date.now() / 1000) - 86400),
  );
  const seconds = since ? Math.floor(new Date(since).getTime() / 1000) : NaN;
  const error = Number.isFinite(seconds) ? undefined : 'Choose a date and time';
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      aria-labelledby="recovery-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!error) void run(seconds);
      }}
    >
      <h3 id="recovery-title" className="text-sm font-medium">
        Recover failed deliveries
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Every delivery that failed since this time is sent again once, oldest first, with its original event
        id (receivers that deduplicate on webhook-id see each event once).
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Field
          label="Failed since (your time)"
          id="recover-since"
          type="datetime-local"
          value={since}
          onChange={(e) => setSince(e.target.value)}
          error={error}
        />
        <Button type="submit" disabled={progress?.running}>
          Send failed deliveries again
        </Button>
      </div>
      {progress ? <RecoveryProgress progress={progress} onStop={stop} /> : null}
    </form>
  );
}
