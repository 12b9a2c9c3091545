'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { recoverStep, webhookKeys } from '@/lib/client/queries/webhooks';
import { useNamespace } from '@/lib/client/namespace';
import { formatCount } from '@/lib/client/format';

interface Progress {
  running: boolean;
  recovered: number;
  remaining: number | null;
  error?: string;
}

/**
 * Sends again every failed delivery since a time, one bounded call after another (1,000 each)
 * until none is left, showing how far it got; it can be stopped between calls.
 */
export function useRecovery(webhookId: string) {
  const ns = useNamespace();
  const qc = useQueryClient();
  const [progress, setProgress] = useState<Progress | null>(null);
  const stopped = useRef(false);
  async function run(since: number) {
    stopped.current = false;
    let recovered = 0;
    setProgress({ running: true, recovered, remaining: null });
    try {
      for (;;) {
        const step = await recoverStep(ns, webhookId, since);
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
          ? `Stopped after ${formatCount(progress.recovered)} sent again: ${progress.error}`
          : progress.running
            ? `Sending again… ${formatCount(progress.recovered)}${total !== null ? ` of ${formatCount(total)}` : ''}`
            : progress.recovered === 0
              ? 'Nothing had failed since then.'
              : `${formatCount(progress.recovered)} failed ${progress.recovered === 1 ? 'delivery' : 'deliveries'} queued to be sent again${progress.remaining ? `; ${formatCount(progress.remaining)} left (run it again)` : ''}.`}
      </p>
      {progress.running ? (
        <Button variant="secondary" className="self-start py-1" onClick={onStop}>
          Stop
        </Button>
      ) : null}
    </div>
  );
}
