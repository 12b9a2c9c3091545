'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { checkInclusion, type InclusionCheck } from '@/lib/client/inclusion';
import { fetchProof, type BatchDetail } from '@/lib/client/queries/settlements';
import { TERM } from '@/components/ui/styles';
import { useNamespace } from '@/lib/client/namespace';

type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; check: InclusionCheck }
  | { kind: 'error'; message: string };

function Compare({ label, computed, stated }: { label: string; computed: string | null; stated: string }) {
  const same = computed === stated;
  return (
    <div>
      <dt className={TERM}>{label}</dt>
      <dd className="grid grid-cols-[6rem_1fr] gap-x-2 font-mono text-sm break-all">
        <span className="font-sans text-slate-600 dark:text-slate-400">computed</span>
        <span>{computed ?? '— (the path does not fit the tree)'}</span>
        <span className="font-sans text-slate-600 dark:text-slate-400">stated</span>
        <span>{stated}</span>
        <span className="font-sans text-slate-600 dark:text-slate-400">equal</span>
        <span
          className={`font-sans font-medium ${same ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'}`}
        >
          {same ? 'yes' : 'no'}
        </span>
      </dd>
    </div>
  );
}

/**
 * "Verify inclusion": fetches the audit path and recomputes, in this browser with Web Crypto, the
 * leaf hash from the leaf's fields and the root from the path; the server's word is not taken.
 */
export function VerifyInclusion({ batch }: { batch: BatchDetail }) {
  const ns = useNamespace();
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function verify() {
    setState({ kind: 'running' });
    try {
      // Web Crypto exists only in secure contexts (HTTPS or localhost).
      if (!globalThis.crypto?.subtle)
        throw new Error('This browser offers no Web Crypto here: open the dashboard over HTTPS to verify.');
      const proof = await fetchProof(ns, batch.summary.token);
      setState({ kind: 'done', check: await checkInclusion(batch, proof) });
    } catch (e) {
      setState({ kind: 'error', message: (e as Error).message });
    }
  }

  const check = state.kind === 'done' ? state.check : null;
  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={verify} disabled={state.kind === 'running'}>
          {state.kind === 'running' ? 'Verifying…' : 'Verify inclusion'}
        </Button>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Recomputes the root in your browser (SHA-256, RFC 9162) from your leaf and its audit path.
        </p>
      </div>
      <div aria-live="polite" data-testid="inclusion-result">
        {state.kind === 'error' ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            Could not verify: {state.message}
          </p>
        ) : null}
        {check ? (
          <p
            className={`rounded-md px-3 py-2 text-sm font-medium ${check.problem ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'}`}
          >
            {check.problem
              ? `✗ Mismatch: ${check.problem}. Your leaf is not proven to be in this batch.`
              : `✓ Match: the root computed from your leaf and ${check.auditPath.length} audit path hashes equals the batch root.`}
          </p>
        ) : null}
      </div>
      {check ? (
        <div role="group" aria-label="Verification steps">
          <dl className="flex flex-col gap-3">
            <div>
              <dt className={TERM}>Leaf input (UTF-8)</dt>
              <dd className="font-mono text-sm break-all">{check.leafInput}</dd>
            </div>
            <Compare
              label="Leaf hash = SHA-256(0x00 ‖ input)"
              computed={check.computedLeafHash}
              stated={check.statedLeafHash}
            />
            <div>
              <dt className={TERM}>Audit path</dt>
              <dd className="text-sm">
                leaf index {check.leafIndex} (counting from 0) in a tree of {check.treeSize} leaves;{' '}
                {check.auditPath.length} hashes, leaf side first
                <ol className="mt-1 list-decimal pl-6 font-mono text-xs break-all">
                  {check.auditPath.map((h, i) => (
                    <li key={i}>{h}</li>
                  ))}
                </ol>
              </dd>
            </div>
            <Compare label="Root" computed={check.computedRoot} stated={check.statedRoot} />
          </dl>
        </div>
      ) : null}
    </div>
  );
}
