import type { Metadata } from 'next';
import { headers } from 'next/headers';
import './globals.css';
import { Providers } from './providers';

export const metadata: Metadata = {
  title: 'Payment Network Dashboard',
  description: 'Gateway administration',
  // Served from public/ (proxy.ts lets them through without a session).
  icons: { icon: '/icon.svg' },
  manifest: '/manifest.webmanifest',
  robots: { index: false, follow: false },
};

// Applies the saved theme before paint, so dark mode does not flash.
const THEME_SCRIPT = `try{if(localStorage.theme==='dark'||(!localStorage.theme&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}`;

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The page's CSP nonce (proxy.ts): this inline script runs only with it. Reading the request's
  // headers renders every page per request, which a per-response nonce needs anyway.
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
