import { Banner } from './banner';

/**
 * What a screen only admins can use shows everyone else who opens it directly: the navigation
 * hides it from them and the gateway would refuse every call with 403.
 */
export function AdminsOnly({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Banner tone="info" title="Admins only">
        {children}
      </Banner>
    </div>
  );
}
