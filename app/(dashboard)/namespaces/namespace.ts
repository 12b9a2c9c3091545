/** A namespace as the gateway answers it: the wire type, declared once in lib/schemas (type only: no bundle cost). */
import type { Namespace } from '@/lib/schemas/namespaces';
export type { Namespace };
