/** One term and its value in a record's description list (`<dl>`): the payment and account pages. */
export function DetailRow({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-2">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="col-span-2 text-sm break-words">{children}</dd>
    </div>
  );
}
