/** What the browser says when the person cancels or the device refuses, in words for them. */
export function passkeyFailure(err: unknown): string {
  const name = (err as { name?: string })?.name;
  if (name === 'NotAllowedError') return 'The passkey request was cancelled or timed out: try again';
  if (name === 'InvalidStateError') return 'This device holds one of your passkeys already';
  return err instanceof Error ? err.message : 'The passkey did not work';
}
