/** What the browser says when the person cancels or the device refuses, in words for them. */
export function passkeyFailure(err: unknown): string {
  const name = (err as { name?: string })?.name;
  if (name === 'NotAllowedError') return 'The passkey request was cancelled or timed out: try again';
  if (name === 'InvalidStateError') return 'This device holds one of your passkeys already';
  // WebAuthn takes no IP address: the dashboard opened at 127.0.0.1 rather than by its name.
  if (name === 'SecurityError')
    return 'Passkeys work on the dashboard’s own address (its domain, or localhost), not on an IP address';
  return err instanceof Error ? err.message : 'The passkey did not work';
}
