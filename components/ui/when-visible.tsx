'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the place they take comes near the viewport (and keeps them), `fallback`
 * until then: a heavy piece below the fold (a chart) costs nothing to a page's first moments.
 */
export function WhenVisible({
  children,
  fallback,
}: {
  children: React.ReactNode;
  fallback: React.ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return <div ref={ref}>{seen ? children : fallback}</div>;
}
