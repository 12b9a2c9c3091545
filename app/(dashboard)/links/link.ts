/** A link as the gateway answers it: the wire type, declared once in lib/schemas (type only: no bundle cost). */
import type { Link } from '@/lib/schemas/links';
export type { Link };
