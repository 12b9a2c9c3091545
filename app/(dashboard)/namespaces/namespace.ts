/** A namespace as the namespaces screen shows it (the gateway's answer). */
export interface Namespace {
  token: string;
  name: string;
  domain: string;
  environment: string;
  enabled: boolean;
  payment_ttl_seconds: number;
  review_threshold: string;
  four_eyes_threshold: string | null;
  four_eyes_approvals: number;
  four_eyes_api_keys_approve: boolean;
}
