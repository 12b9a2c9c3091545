'use client';

import { Link } from '@/components/ui/link';
import { createContext, useCallback, useContext, useState } from 'react';
import { requestOfMessage } from '@/lib/client/api';

/** `requestId`: the refused request behind an error, linked to its entry in the request log. */
type Toast = { id: number; kind: 'success' | 'error'; text: string; requestId: string | null };
const ToastContext = createContext<(kind: Toast['kind'], text: string) => void>(() => {});

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const push = useCallback((kind: Toast['kind'], text: string) => {
    const id = Date.now() + Math.random();
    const requestId = kind === 'error' ? requestOfMessage(text) : null;
    setToasts((t) => [...t, { id, kind, text, requestId }]);
    // Long enough to follow the request's link.
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), requestId ? 10_000 : 5000);
  }, []);
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div aria-live="polite" className="fixed right-4 bottom-4 z-50 flex flex-col gap-2">
        {toasts.map((t) => (
          <div
            key={t.id}
            role="status"
            className={`rounded-md px-4 py-3 text-sm shadow-lg ${t.kind === 'success' ? 'bg-emerald-700 text-white' : 'bg-red-700 text-white'}`}
          >
            {t.text}
            {t.requestId ? (
              <>
                {' '}
                <Link href={`/logs/${encodeURIComponent(t.requestId)}`} className="underline">
                  Request {t.requestId}
                </Link>
              </>
            ) : null}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
