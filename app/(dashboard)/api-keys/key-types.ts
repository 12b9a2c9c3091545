import type { KeyValues } from './key-schemas';

/** The API key as the gateway lists it (lib/gateway/routes/api-keys.ts), shared by the list and the edit dialog. */
export const FLAGS = [
  'customers_read',
  'customers_write',
  'transactions_read',
  'transactions_write',
] as const;
export type Flag = (typeof FLAGS)[number];

export interface ApiKey {
  token: string;
  name: string;
  description: string;
  enabled: boolean;
  secret_key: string;
  access: Record<Flag, boolean>;
  created_at: { seconds: number };
}

/** The create and update body of a key (POST /apikey, PATCH /apikey/{token}) from the form's values. */
export const keyBody = (v: KeyValues) => ({
  name: v.name,
  description: v.description,
  access: Object.fromEntries(FLAGS.map((f) => [f, v[f]])),
});
