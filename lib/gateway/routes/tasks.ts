import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { exportTaskQueue, listTaskQueue, updateTask } from '@/lib/services/payments/tasks';
import { claimTask, releaseTask } from '@/lib/services/payments/claims';
import { addTaskNote } from '@/lib/services/payments/task-notes';
import {
  addTaskNoteBody,
  claimTaskBody,
  exportTasksQuery,
  taskParams,
  updateAdmissionTaskBody,
  updateAdmissionTaskParams,
  listTasksQuery,
  listTasksResponse,
} from '@/lib/schemas/tasks';
import { taskSchema } from '@/lib/schemas/payments';

export function registerTaskRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    tag: 'Admission tasks',
    partner: 'required',
    org: 'required',
    method: 'put',
    path: '/payments/{payment_id}/admissions/{admission_id}/tasks/{task_id}',
    operationId: 'updateAdmissionTask',
    specBody: true,
    action: 'tasks.decide',
    summary: 'Work an admission task',
    description:
      "Only the assignee namespace may update a task. pending → completed | failed | on_hold; on_hold → pending | completed | failed; completed and failed are final. completed needs status_reason accepted; failed needs another reason. Under the namespace's four-eyes policy a completion is an approval: refused (403) to whoever created or submitted the payment, to API keys unless the policy allows them, and to a first approver again; the first of two approvals leaves the task pending.",
    idempotent: true,
    storesAnswer: true,
    params: updateAdmissionTaskParams,
    body: updateAdmissionTaskBody,
    response: taskSchema,
    errors: [403, 404, 409],
    handler: (ctx, { params, body }) =>
      updateTask(
        ctx,
        { paymentId: params.payment_id, admissionId: params.admission_id, taskId: params.task_id },
        body,
      ),
  });

  defineRoute(app, {
    tag: 'Admission tasks',
    partner: 'required',
    org: 'required',
    method: 'post',
    path: '/payments/{payment_id}/admissions/{admission_id}/tasks/{task_id}/notes',
    operationId: 'addAdmissionTaskNote',
    action: 'tasks.decide',
    summary: 'Add a note to a task without changing its status (extension)',
    description:
      "Only the assignee namespace may (others: 404), and only while the task can still be worked: a decided task, or one whose submission is rejected or expired, is 409. The note becomes the task's `note` and an entry of its `history` with the status and reason it has; `updated_by` and `modified_on` move, an `admission_task.updated` event is sent and the audit trail records `task.note_added`.",
    idempotent: true,
    params: updateAdmissionTaskParams,
    body: addTaskNoteBody,
    response: taskSchema,
    errors: [404, 409],
    handler: (ctx, { params, body }) =>
      addTaskNote(
        ctx,
        { paymentId: params.payment_id, admissionId: params.admission_id, taskId: params.task_id },
        body,
      ),
  });

  defineRoute(app, {
    tag: 'Admission tasks',
    partner: 'required',
    method: 'get',
    path: '/tasks',
    operationId: 'listTasks',
    action: 'tasks.read',
    summary: "The namespace's admission queue, soonest expiry first (extension)",
    query: listTasksQuery,
    response: listTasksResponse,
    handler: (ctx, { query }) => listTaskQueue(ctx, query),
  });

  defineRoute(app, {
    tag: 'Admission tasks',
    partner: 'required',
    method: 'get',
    path: '/tasks/export',
    operationId: 'exportTasks',
    action: 'tasks.read',
    summary: "The namespace's admission queue as CSV (extension)",
    description:
      'The filters of GET /tasks, every task soonest expiry first (at most 1,000,000; past that the file ends with a line saying so). Amounts in minor units and in the currency’s units; times in UTC ISO 8601.',
    query: exportTasksQuery,
    response: z.string(),
    stream: { type: 'text/csv', filename: 'tasks.csv' },
    handler: (ctx, { query }) => exportTaskQueue(ctx, query),
  });

  const claims = {
    tag: 'Admission tasks',
    partner: 'required' as const,
    org: 'required' as const,
    path: '/tasks/{task_id}/claim',
    idempotent: true,
    params: taskParams,
    response: taskSchema,
    errors: [403, 404, 409],
  };
  defineRoute(app, {
    ...claims,
    method: 'post',
    operationId: 'claimTask',
    action: 'tasks.decide',
    summary: "Claim a task of the namespace's queue for 15 minutes, or renew your claim (extension)",
    description:
      "Tells colleagues who is working the task (`claim` on the task). Someone else's live claim is refused (409, naming them) unless `take_over` is true; a take-over is audited. Claiming is never required to decide a task, and a claim lapses by itself.",
    body: claimTaskBody,
    bodyOptional: true,
    handler: (ctx, { params, body }) => claimTask(ctx, params.task_id, body),
  });
  defineRoute(app, {
    ...claims,
    method: 'delete',
    operationId: 'releaseTask',
    action: 'tasks.decide',
    summary: 'Release your claim of a task (extension)',
    handler: (ctx, { params }) => releaseTask(ctx, params.task_id),
  });
}
