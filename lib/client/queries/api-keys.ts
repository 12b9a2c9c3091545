import type { ApiKey } from '@/lib/schemas/api-keys';
import { resourceQueries } from './resource';

/** The selected namespace's API keys. */
export const apiKeyQueries = resourceQueries<ApiKey, 'api_keys'>('api-keys', '/apikey');
