import { Suspense } from 'react';
import { Client } from './client';

export const metadata = { title: 'Task queue · Payment Network' };

export default function Page() {
  return (
    <Suspense>
      <Client />
    </Suspense>
  );
}
