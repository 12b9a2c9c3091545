import { z } from '@hono/zod-openapi';
import { secondsSchema, pageQuery, pageInfo } from './common';

const linkStatusSchema = z.enum(['proposed', 'established', 'rejected', 'suspended'], {
  error: 'status must be proposed, established, rejected or suspended',
});

export const linkSchema = z
  .object({
    token: z.string(),
    requester_partner_id: z.string(),
    counterparty_partner_id: z.string(),
    requester_domain: z.string(),
    counterparty_domain: z.string(),
    status: linkStatusSchema,
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('Link');

export type Link = z.infer<typeof linkSchema>;

export const linkParams = z.object({ link_id: z.string().max(64) });

export const proposeLinkBody = z.object({ counterparty_domain: z.string().min(3).max(253) });

export type ProposeLinkBody = z.output<typeof proposeLinkBody>;

export const listLinksQuery = z.object({
  status: linkStatusSchema.optional(),
  direction: z.enum(['outgoing', 'incoming'], { error: 'direction must be outgoing or incoming' }).optional(),
  ...pageQuery,
});

export type ListLinksQuery = z.output<typeof listLinksQuery>;

export const listLinksResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  links: z.array(linkSchema),
});

export const updateLinkBody = z.object({
  action: z.enum(['accept', 'reject', 'suspend', 'resume'], {
    error: 'action must be accept, reject, suspend or resume',
  }),
});
