import { Suspense } from 'react';
import { NamespacesClient } from './client';

export const metadata = { title: 'Namespaces · Payment Network' };

export default function NamespacesPage() {
  return (
    <Suspense>
      <NamespacesClient />
    </Suspense>
  );
}
