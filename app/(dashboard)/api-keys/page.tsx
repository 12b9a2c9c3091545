import { Suspense } from 'react';
import { ApiKeysClient } from './client';

export const metadata = { title: 'API keys · Payment Network' };

export default function ApiKeysPage() {
  return (
    <Suspense>
      <ApiKeysClient />
    </Suspense>
  );
}
