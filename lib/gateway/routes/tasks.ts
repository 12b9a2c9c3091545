import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { pageQuery } from '@/lib/api/schemas';
import { REASONS, TASK, type TaskStatusName } from '@/lib/services/payments/model';
import { listTaskQueue, updateTask } from '@/lib/services/payments/tasks';
import { amountSchema, taskSchema } from './payments';

const statusEnum = z.enum(Object.keys(TASK) as [TaskStatusName], { error: 'status must be pending, completed, failed or on_hold' });

export function registerTaskRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    tag: 'Admission tasks',
    auth: 'either',
    partner: 'required',
    org: 'required',
    access: 'transactions_write',
    roles: ['admin', 'support'],
    method: 'put',
    path: '/payments/{payment_id}/admissions/{admission_id}/tasks/{task_id}',
    summary: 'Work an admission task',
    description:
      'Only the assignee namespace may update a task. pending → completed | failed | on_hold; on_hold → pending | completed | failed; completed and failed are final. completed needs status_reason accepted; failed needs another reason.',
    idempotent: true,
    storesAnswer: true,
    params: z.object({ payment_id: z.string().max(128), admission_id: z.string().max(64), task_id: z.string().max(64) }),
    body: z.object({
      status: statusEnum,
      status_reason: z.enum(REASONS, { error: `status_reason must be one of ${REASONS.join(', ')}` }),
      note: z.string().max(1000).optional(),
    }),
    response: taskSchema,
    errors: [404, 409],
    handler: (ctx, { params, body }) => updateTask(ctx, { paymentId: params.payment_id, admissionId: params.admission_id, taskId: params.task_id }, body),
  });

  defineRoute(app, {
    tag: 'Admission tasks',
    auth: 'either',
    partner: 'required',
    access: 'transactions_read',
    method: 'get',
    path: '/tasks',
    summary: "The namespace's admission queue, soonest expiry first (extension)",
    query: z.object({ status: statusEnum.optional(), name: z.string().max(64).optional(), ...pageQuery }),
    response: z.object({ count: z.number().int(), tasks: z.array(taskSchema.extend({ amount: amountSchema, submission_status: z.number().int() })) }),
    handler: (ctx, { query }) => listTaskQueue(ctx, query),
  });
}
