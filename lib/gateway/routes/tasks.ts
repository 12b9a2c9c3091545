import { type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { listTaskQueue, updateTask } from '@/lib/services/payments/tasks';
import {
  updateAdmissionTaskBody,
  updateAdmissionTaskParams,
  listTasksQuery,
  listTasksResponse,
} from '@/lib/schemas/tasks';
import { taskSchema } from '@/lib/schemas/payments';

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
    operationId: 'updateAdmissionTask',
    summary: 'Work an admission task',
    description:
      'Only the assignee namespace may update a task. pending → completed | failed | on_hold; on_hold → pending | completed | failed; completed and failed are final. completed needs status_reason accepted; failed needs another reason.',
    idempotent: true,
    storesAnswer: true,
    params: updateAdmissionTaskParams,
    body: updateAdmissionTaskBody,
    response: taskSchema,
    errors: [404, 409],
    handler: (ctx, { params, body }) =>
      updateTask(
        ctx,
        { paymentId: params.payment_id, admissionId: params.admission_id, taskId: params.task_id },
        body,
      ),
  });

  defineRoute(app, {
    tag: 'Admission tasks',
    auth: 'either',
    partner: 'required',
    access: 'transactions_read',
    method: 'get',
    path: '/tasks',
    operationId: 'listTasks',
    summary: "The namespace's admission queue, soonest expiry first (extension)",
    query: listTasksQuery,
    response: listTasksResponse,
    handler: (ctx, { query }) => listTaskQueue(ctx, query),
  });
}
