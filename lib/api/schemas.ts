import { z } from '@hono/zod-openapi';

export const errorSchema = z
  .object({
    code: z.string().openapi({ example: 'error.bad_request' }),
    message: z.string().openapi({ example: 'Invalid request parameters' }),
  })
  .openapi('Error');

export const envelope = <T extends z.ZodType>(data: T) => z.object({ ok: z.boolean(), data });

export const secondsSchema = z.object({ seconds: z.number().int() }).openapi('Seconds');
export const toSeconds = (d: Date) => ({ seconds: Math.floor(d.getTime() / 1000) });
export const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** `page` (≥ 1, default 1) and `limit` (1–100, default 20), the paging of every list (DESIGN §4). */
export const pageQuery = {
  page: z.coerce
    .number({ error: 'page must be an integer ≥ 1' })
    .int('page must be an integer ≥ 1')
    .min(1, 'page must be an integer ≥ 1')
    .default(1)
    .openapi({ param: { name: 'page', in: 'query' }, example: 1 }),
  limit: z.coerce
    .number({ error: 'limit must be an integer from 1 to 100' })
    .int('limit must be an integer from 1 to 100')
    .min(1, 'limit must be an integer from 1 to 100')
    .max(100, 'limit must be an integer from 1 to 100')
    .default(20)
    .openapi({ param: { name: 'limit', in: 'query' }, example: 20 }),
};

export const booleanQuery = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true')
    .optional()
    .openapi({ param: { name, in: 'query' }, type: 'boolean' });

export const emptyObject = z.object({}).openapi('Empty');
